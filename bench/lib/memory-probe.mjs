// Preloaded into the bench's servers (node --import): on SIGUSR2, writes process.memoryUsage() as JSON to
// BENCH_MEMORY_FILE, so the bench can report heap figures as well as the resident size it reads from /proc.
import { writeFileSync } from 'node:fs';

const path = process.env.BENCH_MEMORY_FILE;
if (path) {
  process.on('SIGUSR2', () => {
    writeFileSync(path, JSON.stringify(process.memoryUsage()));
  });
}
