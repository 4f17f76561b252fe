// Reference data (courses, player types, tee windows, seasons, fees, packages, caddie prices, slots): see docs/ARCHITECTURE.md.
export {};
