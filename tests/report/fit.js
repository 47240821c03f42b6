/*
 * fit.js -- measures how the report fits the window, in the browser that shows it.
 *
 * fit.py injects it at the end of a copy of the report (whose Content-Security-Policy it
 * removes: the report allows only its own script).  It writes its findings into the page, as
 * a pre element of id fit-result, one line per finding; headless Chromium's --dump-dom gives them
 * back.  Headless Chromium makes no window narrower than 500 px: for a narrower one, fit.py puts
 * the copy in a frame of that width, and the findings are posted to the page around it, which
 * writes them likewise.
 *
 *   width W           the window's width in CSS pixels (innerWidth)
 *   charts N          the charts shown (svg.chart with a box; a layout hidden by CSS is not)
 *   texts N           the <text> elements measured in them
 *   font MIN          the smallest text height on screen, in CSS pixels (its box's height)
 *   height H          the document's height in CSS pixels (for screenshots of the whole page)
 *   FAIL overlap ...  two texts of one chart whose boxes overlap by more than TOL px both ways
 *   FAIL cut ...      a text not wholly inside its chart's box (TOL px of slack)
 *   FAIL small ...    a text whose box is lower than MIN_H px on screen (unreadable)
 *   FAIL page ...     the document wider than the window (something other than a table in its
 *                     scroll wrapper sticks out), with the first elements past the edge
 *   FAIL table ...    a table that is not inside a div.scroll
 *   ok                when nothing failed
 */
(function () {
	var TOL = 0.5, MIN_H = 11;
	var out = [], fails = [];

	function box(r) {
		return { l: r.left, t: r.top, r: r.right, b: r.bottom };
	}
	function name(e) {
		var s = e.textContent.replace(/\s+/g, ' ').trim();
		return JSON.stringify(s.length > 40 ? s.slice(0, 40) + '...' : s);
	}
	function shown(e) {
		var r = e.getBoundingClientRect();
		return r.width > 0 && r.height > 0;
	}
	function where(svg) {
		return '#' + svg.id;
	}
	var charts = Array.prototype.filter.call(document.querySelectorAll('svg.chart'), shown);
	var ntexts = 0, minh = Infinity;
	charts.forEach(function (svg) {
		var sb = box(svg.getBoundingClientRect());
		var texts = Array.prototype.filter.call(svg.querySelectorAll('text'), shown);
		var boxes = texts.map(function (t) { return box(t.getBoundingClientRect()); });
		ntexts += texts.length;
		boxes.forEach(function (b, i) {
			var h = b.b - b.t;
			minh = Math.min(minh, h);
			if (h < MIN_H)
				fails.push('small ' + where(svg) + ' ' + name(texts[i]) + ' ' +
					   h.toFixed(1) + 'px high');
			if (b.l < sb.l - TOL || b.r > sb.r + TOL || b.t < sb.t - TOL ||
			    b.b > sb.b + TOL)
				fails.push('cut ' + where(svg) + ' ' + name(texts[i]) + ' [' +
					   [b.l - sb.l, b.t - sb.t, b.r - sb.l, b.b - sb.t].map(
						   function (v) { return v.toFixed(1); }).join(' ') +
					   '] in ' + (sb.r - sb.l).toFixed(1) + 'x' +
					   (sb.b - sb.t).toFixed(1));
			for (var j = 0; j < i; j++) {
				var c = boxes[j];
				var w = Math.min(b.r, c.r) - Math.max(b.l, c.l);
				var v = Math.min(b.b, c.b) - Math.max(b.t, c.t);
				if (w > TOL && v > TOL)
					fails.push('overlap ' + where(svg) + ' ' + name(texts[j]) +
						   ' ' + name(texts[i]) + ' by ' + w.toFixed(1) + 'x' +
						   v.toFixed(1));
			}
		});
	});
	var vw = window.innerWidth, de = document.documentElement;
	if (de.scrollWidth > vw) {
		var past = Array.prototype.filter.call(document.body.querySelectorAll('*'),
			function (e) {
				return !e.closest('div.scroll') &&
					e.getBoundingClientRect().right > vw + TOL;
			}).slice(0, 3).map(function (e) {
				return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
					(e.className && typeof e.className === 'string' ?
					 '.' + e.className.split(' ')[0] : '');
			});
		fails.push('page ' + de.scrollWidth + 'px wide in a ' + vw + 'px window: ' +
			   past.join(' '));
	}
	Array.prototype.forEach.call(document.querySelectorAll('table'), function (t) {
		if (!t.parentElement.matches('div.scroll'))
			fails.push('table ' + (t.id || t.className) + ' outside a div.scroll');
	});
	out.push('width ' + vw, 'charts ' + charts.length, 'texts ' + ntexts,
		 'font ' + (isFinite(minh) ? minh.toFixed(1) : '-'), 'height ' + de.scrollHeight);
	fails.forEach(function (f) { out.push('FAIL ' + f); });
	if (!fails.length)
		out.push('ok');
	var pre = document.createElement('pre');
	pre.id = 'fit-result';
	pre.textContent = out.join('\n');
	document.body.appendChild(pre);
	if (window.parent !== window)	/* in fit.py's frame: tell the page around it */
		window.parent.postMessage(pre.textContent, '*');
})();
