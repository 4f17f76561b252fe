// Platform tables (settings, sessions): see docs/ARCHITECTURE.md.
export {};
