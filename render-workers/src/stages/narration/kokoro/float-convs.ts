/**
 * Rewrites the int8 Kokoro graph's quantized convolutions as float convolutions, in memory, before
 * ONNX Runtime loads it. The int8 export quantizes every Conv dynamically (DynamicQuantizeLinear →
 * ConvInteger → [Add quantized bias] → Cast → Mul by the two scales); ONNX Runtime's CPU ConvInteger
 * has no fast kernel, and it took 86 % of the synthesis time measured here. Each such chain becomes
 * one `Conv(x, (Wq - zp) · scale, bias)`: the same int8 weights, dequantized once, with the
 * activations left in float (closer to the fp32 original than the int8 path, not further). The
 * verified file on disk is never changed; this runs on its bytes at load time.
 *
 * Self-contained on purpose (no imports, no helpers outside this function): the synthesis worker
 * threads run it from its source text.
 */
export function rewriteConvIntegerAsFloat(model: Uint8Array): { model: Uint8Array; rewritten: number } {
  type Entry = { field: number; wire: number; start: number; end: number; payloadStart: number; payloadEnd: number; value: number };
  const textDecoder = new TextDecoder();
  const textEncoder = new TextEncoder();

  function readVarint(buf: Uint8Array, pos: number): [number, number] {
    let result = 0;
    let shift = 1;
    for (;;) {
      const byte = buf[pos++];
      result += (byte & 0x7f) * shift;
      if (byte < 0x80) return [result, pos];
      shift *= 128;
    }
  }

  /** The top-level fields of one message, each with its raw extent and its payload's. */
  function entries(buf: Uint8Array, from = 0, to = buf.length): Entry[] {
    const out: Entry[] = [];
    let pos = from;
    while (pos < to) {
      const start = pos;
      let tag: number;
      [tag, pos] = readVarint(buf, pos);
      const field = Math.floor(tag / 8);
      const wire = tag & 7;
      let payloadStart = pos;
      let value = 0;
      if (wire === 0) {
        [value, pos] = readVarint(buf, pos);
      } else if (wire === 1) {
        pos += 8;
      } else if (wire === 2) {
        let length: number;
        [length, pos] = readVarint(buf, pos);
        payloadStart = pos;
        pos += length;
      } else if (wire === 5) {
        pos += 4;
      } else {
        throw new Error(`unsupported protobuf wire type ${wire}`);
      }
      out.push({ field, wire, start, end: pos, payloadStart, payloadEnd: pos, value });
    }
    return out;
  }

  function varint(n: number): number[] {
    const bytes: number[] = [];
    while (n >= 0x80) {
      bytes.push((n % 128) | 0x80);
      n = Math.floor(n / 128);
    }
    bytes.push(n);
    return bytes;
  }

  function lengthDelimited(field: number, payload: Uint8Array[]): Uint8Array[] {
    const size = payload.reduce((sum, p) => sum + p.length, 0);
    return [Uint8Array.from([...varint(field * 8 + 2), ...varint(size)]), ...payload];
  }

  const str = (field: number, s: string) => lengthDelimited(field, [textEncoder.encode(s)]);
  const text = (buf: Uint8Array, e: Entry) => textDecoder.decode(buf.subarray(e.payloadStart, e.payloadEnd));

  function concat(parts: Uint8Array[]): Uint8Array {
    const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
    let offset = 0;
    for (const p of parts) {
      out.set(p, offset);
      offset += p.length;
    }
    return out;
  }

  interface Node { entry: Entry; inputs: string[]; outputs: string[]; name: string; opType: string; attributes: Entry[] }
  interface Tensor { entry: Entry; name: string; dims: number[]; dataType: number; data: Uint8Array | null; floats: number[]; ints: number[] }

  const modelFields = entries(model);
  const graphField = modelFields.find((e) => e.field === 7);
  if (!graphField) throw new Error('not an ONNX model: no graph');
  const graph = model.subarray(graphField.payloadStart, graphField.payloadEnd);
  const graphFields = entries(graph);

  const nodes: Node[] = graphFields.filter((e) => e.field === 1).map((entry) => {
    const node: Node = { entry, inputs: [], outputs: [], name: '', opType: '', attributes: [] };
    for (const f of entries(graph, entry.payloadStart, entry.payloadEnd)) {
      if (f.field === 1) node.inputs.push(text(graph, f));
      else if (f.field === 2) node.outputs.push(text(graph, f));
      else if (f.field === 3) node.name = text(graph, f);
      else if (f.field === 4) node.opType = text(graph, f);
      else if (f.field === 5) node.attributes.push(f);
    }
    return node;
  });

  function tensor(entry: Entry): Tensor {
    const t: Tensor = { entry, name: '', dims: [], dataType: 0, data: null, floats: [], ints: [] };
    for (const f of entries(graph, entry.payloadStart, entry.payloadEnd)) {
      if (f.field === 8) t.name = text(graph, f);
      else if (f.field === 2) t.dataType = f.value;
      else if (f.field === 9) t.data = graph.subarray(f.payloadStart, f.payloadEnd);
      else if (f.field === 1 && f.wire === 0) t.dims.push(f.value);
      else if (f.field === 1 && f.wire === 2) for (let p = f.payloadStart; p < f.payloadEnd;) { let v: number; [v, p] = readVarint(graph, p); t.dims.push(v); }
      else if (f.field === 4 && f.wire === 5) t.floats.push(new DataView(graph.buffer, graph.byteOffset + f.payloadStart, 4).getFloat32(0, true));
      else if (f.field === 4 && f.wire === 2) for (let p = f.payloadStart; p < f.payloadEnd; p += 4) t.floats.push(new DataView(graph.buffer, graph.byteOffset + p, 4).getFloat32(0, true));
      else if (f.field === 5 && f.wire === 0) t.ints.push(f.value);
      else if (f.field === 5 && f.wire === 2) for (let p = f.payloadStart; p < f.payloadEnd;) { let v: number; [v, p] = readVarint(graph, p); t.ints.push(v); }
    }
    return t;
  }

  const initializerEntries = graphFields.filter((e) => e.field === 5);
  const initializerNames = new Map<string, Entry>();
  for (const entry of initializerEntries) {
    for (const f of entries(graph, entry.payloadStart, entry.payloadEnd)) {
      if (f.field === 8) { initializerNames.set(text(graph, f), entry); break; }
    }
  }
  const initializerOf = new Map([...initializerNames.entries()].map(([name, entry]) => [entry, name] as const));
  const initializer = (name: string): Tensor | null => {
    const entry = initializerNames.get(name);
    return entry ? tensor(entry) : null;
  };
  const scalar = (t: Tensor): number => {
    if (t.dataType === 1) return t.data ? new DataView(t.data.buffer, t.data.byteOffset, 4).getFloat32(0, true) : t.floats[0];
    if (t.dataType === 2) return t.data ? t.data[0] : t.ints[0];
    if (t.dataType === 3) return t.data ? new Int8Array(t.data.buffer, t.data.byteOffset, 1)[0] : t.ints[0];
    throw new Error(`unexpected scalar type ${t.dataType} for ${t.name}`);
  };

  const producer = new Map<string, Node>();
  const consumers = new Map<string, Node[]>();
  for (const node of nodes) {
    for (const o of node.outputs) producer.set(o, node);
    for (const i of node.inputs) consumers.set(i, [...(consumers.get(i) ?? []), node]);
  }
  const only = (name: string, opType: string): Node => {
    const next = consumers.get(name) ?? [];
    if (next.length !== 1 || next[0].opType !== opType) throw new Error(`unexpected graph around ${name}: ${next.map((n) => n.opType).join(',') || 'nothing'} instead of ${opType}`);
    return next[0];
  };

  const removed = new Set<Node>();
  const replacement = new Map<Node, { bytes: Uint8Array[]; inputs: string[] }>();
  const newInitializers: Uint8Array[][] = [];
  let rewritten = 0;
  for (const conv of nodes) {
    if (conv.opType !== 'ConvInteger') continue;
    const quantize = producer.get(conv.inputs[0]);
    const weight = initializer(conv.inputs[1]);
    const weightZero = conv.inputs[3] ? initializer(conv.inputs[3]) : null;
    if (!quantize || quantize.opType !== 'DynamicQuantizeLinear' || !weight || !weight.data || weight.dataType !== 2 && weight.dataType !== 3) continue;
    const chain: Node[] = [conv];
    let next = (consumers.get(conv.outputs[0]) ?? [])[0];
    let bias: string | null = null;
    if (next?.opType === 'Add') {
      // The quantized bias is computed from the float one: Cast(Floor(Div(bias, scale))), reshaped.
      const reshape = producer.get(next.inputs[1]);
      const cast = reshape && producer.get(reshape.inputs[0]);
      const floor = cast && producer.get(cast.inputs[0]);
      const div = floor && producer.get(floor.inputs[0]);
      if (!div || div.opType !== 'Div' || !initializer(div.inputs[0])) continue;
      bias = div.inputs[0];
      chain.push(next);
      next = only(next.outputs[0], 'Cast');
    }
    if (next?.opType !== 'Cast') continue;
    chain.push(next);
    const mul = only(next.outputs[0], 'Mul');
    chain.push(mul);
    const scaleProduct = producer.get(mul.inputs[1]);
    const weightScaleName = scaleProduct?.inputs.find((i) => initializerNames.has(i));
    if (!scaleProduct || scaleProduct.opType !== 'Mul' || !weightScaleName) continue;
    const scale = scalar(initializer(weightScaleName)!);
    const zero = weightZero ? scalar(weightZero) : 0;
    const signed = weight.dataType === 3;
    const floats = new Float32Array(weight.data.length);
    for (let i = 0; i < floats.length; i++) floats[i] = ((signed ? (weight.data[i] << 24) >> 24 : weight.data[i]) - zero) * scale;
    const weightName = `${conv.name}/float_weight`;
    newInitializers.push(lengthDelimited(5, [
      ...weight.dims.flatMap((d) => [Uint8Array.from([0x08, ...varint(d)])]),
      Uint8Array.from([0x10, 0x01]),
      ...str(8, weightName),
      ...lengthDelimited(9, [new Uint8Array(floats.buffer)]),
    ]));
    const floatConv = lengthDelimited(1, [
      ...str(1, quantize.inputs[0]),
      ...str(1, weightName),
      ...(bias ? str(1, bias) : []),
      ...str(2, mul.outputs[0]),
      ...str(3, `${conv.name}/float`),
      ...str(4, 'Conv'),
      ...conv.attributes.map((a) => graph.subarray(a.start, a.end)),
    ]);
    for (const n of chain) removed.add(n);
    replacement.set(mul, { bytes: floatConv, inputs: [quantize.inputs[0], ...(bias ? [bias] : [])] });
    rewritten += 1;
  }

  // Keep only what the graph's outputs still need (the quantizers and int8 weights of the rewritten convolutions go).
  const graphOutputs = graphFields.filter((e) => e.field === 12).map((e) => text(graph, entries(graph, e.payloadStart, e.payloadEnd).find((f) => f.field === 1)!));
  const needed = new Set<string>(graphOutputs);
  type Planned = { bytes: Uint8Array[]; inputs: string[]; outputs: string[] };
  const plan = nodes.flatMap((node): Planned[] => {
    const floatConv = replacement.get(node);
    if (floatConv) return [{ bytes: floatConv.bytes, inputs: floatConv.inputs, outputs: node.outputs }];
    if (removed.has(node)) return [];
    return [{ bytes: [graph.subarray(node.entry.start, node.entry.end)], inputs: node.inputs, outputs: node.outputs }];
  });
  const kept: Planned[] = [];
  for (let i = plan.length - 1; i >= 0; i--) {
    if (!plan[i].outputs.some((o) => needed.has(o))) continue;
    kept.push(plan[i]);
    for (const input of plan[i].inputs) if (input) needed.add(input);
  }
  kept.reverse();

  const graphParts: Uint8Array[] = [];
  for (const e of graphFields) {
    if (e.field === 1) continue;
    if (e.field === 5) {
      const name = initializerOf.get(e);
      if (name !== undefined && !needed.has(name)) continue;
    }
    graphParts.push(graph.subarray(e.start, e.end));
  }
  for (const k of kept) graphParts.push(...k.bytes);
  for (const init of newInitializers) graphParts.push(...init);

  const modelParts: Uint8Array[] = [];
  for (const e of modelFields) {
    if (e.field === 7) modelParts.push(...lengthDelimited(7, graphParts));
    else modelParts.push(model.subarray(e.start, e.end));
  }
  return { model: concat(modelParts), rewritten };
}
