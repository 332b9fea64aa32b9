/**
 * The shops' cart: its count lives in sessionStorage under `key` (one tab, across pages), shown in
 * #cart-count; the button `buttonId` adds #quantity of its product and says so in #cart-message.
 */
export function cartScript(key: string, buttonId: string): string {
  return `
(function(){
  var KEY = ${JSON.stringify(key)};
  function count(){ return Number(sessionStorage.getItem(KEY) || "0"); }
  function show(){ var n = count(); document.getElementById("cart-count").textContent = "Cart: " + n + (n === 1 ? " item" : " items"); }
  show();
  var button = document.getElementById(${JSON.stringify(buttonId)});
  if (!button) return;
  button.addEventListener("click", function(){
    var qty = Math.max(1, Math.floor(Number(document.getElementById("quantity").value) || 1));
    sessionStorage.setItem(KEY, String(count() + qty));
    show();
    document.getElementById("cart-message").textContent = "Added " + qty + " x " + button.dataset.name + " to cart.";
  });
})();
`;
}
