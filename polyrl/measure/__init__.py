"""polyrl.measure: measuring corpora at scale into the memo store, and exporting datasets.

`schedules` chooses what to measure (random legal schedules or a file), `worker` does one
program's work in a worker process or Ray task, `scheduler` drives a run (store look-ups,
backends, progress), `export` turns the store into a table, `command` holds the CLI."""
