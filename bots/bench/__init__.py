"""Benchmarks and studies of the bots, run by hand (``python -m bots.bench.hard ...``) and
never imported by the game or the bots it plays with: variants of ``hard`` against each
other (``hard``), the post-hand analysis's speed and validity (``analysis``), the roll-outs'
speed (``rollouts``) and where ``hard`` overrules ``normal`` (``disagreements``).
tests/bots/test_bench_layer.py keeps them out of the runtime's imports."""
