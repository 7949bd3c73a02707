"""The application: matches started, saved and continued, events, the data folder, records, a seat's review."""
