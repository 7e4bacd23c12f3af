package org.openmark.load;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openmark.api.Clock;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.measure.MeasurementWriter;

/**
 * A session that also records each call under its own name (READ, UPDATE, START, COMMIT, …).
 * Given to composite operations, so a READ inside a READ-MODIFY-WRITE is measured as YCSB does.
 * Inner calls have no schedule of their own: their intended start is their actual start.
 */
final class MeasuredSession implements Session {
    private final Session inner;
    private final MeasurementWriter writer;
    private final Clock clock;

    MeasuredSession(Session inner, MeasurementWriter writer, Clock clock) {
        this.inner = inner;
        this.writer = writer;
        this.clock = clock;
    }

    private Status timed(String name, long startNanos, Status status) {
        writer.recordInner(name, status, startNanos, clock.nanoTime());
        return status;
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
        long t = clock.nanoTime();
        return timed("READ", t, inner.read(table, key, fields, result));
    }

    @Override
    public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
        long t = clock.nanoTime();
        return timed("SCAN", t, inner.scan(table, startKey, recordCount, fields, result));
    }

    @Override
    public Status update(String table, String key, Map<String, byte[]> values) {
        long t = clock.nanoTime();
        return timed("UPDATE", t, inner.update(table, key, values));
    }

    @Override
    public Status insert(String table, String key, Map<String, byte[]> values) {
        long t = clock.nanoTime();
        return timed("INSERT", t, inner.insert(table, key, values));
    }

    @Override
    public Status delete(String table, String key) {
        long t = clock.nanoTime();
        return timed("DELETE", t, inner.delete(table, key));
    }

    @Override
    public Status start() {
        long t = clock.nanoTime();
        return timed("START", t, inner.start());
    }

    @Override
    public Status commit() {
        long t = clock.nanoTime();
        return timed("COMMIT", t, inner.commit());
    }

    @Override
    public Status abort() {
        long t = clock.nanoTime();
        return timed("ABORT", t, inner.abort());
    }
}
