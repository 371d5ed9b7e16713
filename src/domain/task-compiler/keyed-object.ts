// Objects whose keys differ from request to request (span keys name paths and content hashes; a
// classification's scores hold the types its cues found, in the order found). V8 gives an ordinary
// object a hidden class per new key, and code reading such objects sees a new class with nearly
// every request: the transitions cost about 3% of a short request, and optimised code reading
// them is thrown away again and again. An object that has lost a property is a hash table instead,
// one class for all: same prototype, key order and JSON.
export function keyedObject<T extends object = Record<string, unknown>>(): T {
  const object: Record<string, unknown> = { a: 0, b: 0 };
  delete object.a;
  delete object.b;
  return object as T;
}
