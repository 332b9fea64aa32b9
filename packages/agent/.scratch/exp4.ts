const fn = () => { const inner = (x: number) => x + 1; function named() { return 2; } return inner(1) + named(); };
console.log(fn.toString());
