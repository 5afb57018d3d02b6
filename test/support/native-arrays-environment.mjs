// Node's test environment with Node's own Float32Array inside the test's realm: onnxruntime-node
// hands back Float32Arrays made by its native addon, and its JavaScript half, loaded inside the
// realm, would otherwise refuse them ("A float32 tensor's data must be type of Float32Array").
import { TestEnvironment } from 'jest-environment-node';

export default class NativeArraysEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.Float32Array = Float32Array;
  }
}
