"""The noon steps, one per rule of spec §6, run in `resolve.STEPS` order."""
