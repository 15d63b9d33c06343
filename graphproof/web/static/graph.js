// Draws {nodes, edges} from a canvas's data-graph attribute: nodes on a circle, labelled edges. No network.
(function () {
  document.querySelectorAll("canvas[data-graph]").forEach(function (c) {
    var g = JSON.parse(c.dataset.graph), ctx = c.getContext("2d"), n = g.nodes.length, pos = {};
    g.nodes.forEach(function (v, i) {
      var a = 2 * Math.PI * i / Math.max(n, 1);
      pos[v.id] = [c.width / 2 + (c.width / 2 - 140) * Math.cos(a), c.height / 2 + (c.height / 2 - 30) * Math.sin(a)];
    });
    ctx.font = "12px sans-serif"; ctx.strokeStyle = "#89a"; ctx.fillStyle = "#456";
    g.edges.forEach(function (e) {
      var a = pos[e.from], b = pos[e.to]; if (!a || !b) return;
      ctx.beginPath(); ctx.moveTo(a[0], a[1]); ctx.lineTo(b[0], b[1]); ctx.stroke();
      ctx.fillText(e.label, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
    });
    g.nodes.forEach(function (v) {
      var p = pos[v.id]; ctx.fillStyle = "#4c8bf5"; ctx.beginPath(); ctx.arc(p[0], p[1], 7, 0, 2 * Math.PI); ctx.fill();
      ctx.fillStyle = "#222"; ctx.fillText(v.label, p[0] + 9, p[1] - 9);
    });
  });
})();
