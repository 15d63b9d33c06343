// The Ask form asks with GET (a shareable link); with "enrich" ticked it POSTs, as enrichment writes to the store.
(function () {
  var form = document.getElementById("ask-form"), enrich = document.getElementById("enrich");
  if (!form || !enrich) return;
  form.addEventListener("submit", function () { form.method = enrich.checked && !enrich.disabled ? "post" : "get"; });
})();
