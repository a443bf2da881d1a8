// "Copy the codes" on a code drop's admin page: copies the textarea the button names.
// A static file, not inline script, so the admin keeps to the site's CSP.
document.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const source = document.getElementById(button.dataset.copy);
  if (!source) return;
  try {
    await navigator.clipboard.writeText(source.value);
  } catch {
    source.select(); // no clipboard (plain HTTP): leave the codes selected for Ctrl-C
    document.execCommand("copy");
  }
  button.textContent = "Copied ✓";
});
