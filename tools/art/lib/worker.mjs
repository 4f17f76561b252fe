// Worker thread: rebuilds the scene from its module and renders the column ranges it is sent.
import { parentPort, workerData } from 'node:worker_threads';
import { createRenderer } from './renderer.mjs';

const mod = await import(workerData.modulePath);
const scene = mod[workerData.exportName];
const renderer = createRenderer(scene, workerData.width, workerData.height);

parentPort.on('message', (job) => {
  const { rgb, depth } = renderer.renderColumns(job.c0, job.c1);
  parentPort.postMessage({ c0: job.c0, c1: job.c1, rgb, depth }, [rgb.buffer, depth.buffer]);
});
parentPort.postMessage({ ready: true });
