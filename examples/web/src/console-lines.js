// One console.log call as a line of JSON: the arguments as data (a Move's fields, arrays,
// objects; `undefined` written as the string "undefined"), so that a program's output can be
// compared between Node and a browser, whose consoles format values differently.
export function printed(args) {
  return JSON.stringify(args, (_key, value) => (value === undefined ? "undefined" : value));
}
