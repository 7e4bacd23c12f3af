package org.openmark.trace;

/**
 * One operation of a trace, as it happened. Times are nanoseconds from the phase's measured start
 * (the same axis as every other output of the run).
 *
 * @param intendedStartNanos when the schedule wanted it to start (the closed model unpaced: its actual start)
 * @param actualStartNanos when it was handed to the store
 * @param endNanos when the store answered
 * @param operation the name it is reported under ({@code READ}, {@code READ-MODIFY-WRITE}, …)
 * @param table its table, or null when it did not tell one (a unit of work of several records)
 * @param key its record's key (a scan's first key), or null
 * @param fieldCount the fields read or written; {@link org.openmark.workload.OperationTarget#ALL_FIELDS} for all
 * @param bytes the bytes written, or read; 0 when none
 * @param scanLength the records a scan asked for; 0 for any other operation
 * @param status the store's answer ({@code OK}, {@code NOT_FOUND}, …)
 * @param client the workload client that made it (a closed-model client thread, the open model's share)
 */
public record TraceRecord(long intendedStartNanos, long actualStartNanos, long endNanos, String operation,
        String table, String key, int fieldCount, long bytes, int scanLength, String status, int client) {
}
