package org.openmark.store.sim.session;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.store.sim.engine.SimReply;
import org.openmark.store.sim.engine.SimRequest;

/**
 * Turns the {@link Session} calls into engine requests; subclasses deliver them (in-process or
 * over TCP) and wait the simulated time before returning.
 */
public abstract class SimSessionBase implements Session {

    /**
     * Delivers the request and waits until the client is due to see the reply; ordinary
     * failures come back as a reply with an error status, never as an exception.
     */
    protected abstract SimReply.OpReply call(SimRequest request);

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
        SimRequest request = readRequest(table, key, fields, result);
        return request == null ? Status.BAD_REQUEST : readInto(call(request), result);
    }

    @Override
    public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
        SimRequest request = scanRequest(table, startKey, recordCount, fields, result);
        return request == null ? Status.BAD_REQUEST : scanInto(call(request), result);
    }

    @Override
    public Status update(String table, String key, Map<String, byte[]> values) {
        SimRequest request = updateRequest(table, key, values);
        return request == null ? Status.BAD_REQUEST : call(request).status();
    }

    @Override
    public Status insert(String table, String key, Map<String, byte[]> values) {
        SimRequest request = insertRequest(table, key, values);
        return request == null ? Status.BAD_REQUEST : call(request).status();
    }

    @Override
    public Status delete(String table, String key) {
        SimRequest request = deleteRequest(table, key);
        return request == null ? Status.BAD_REQUEST : call(request).status();
    }

    // The requests each call makes (null: malformed arguments, BAD_REQUEST) and what its reply
    // gives the caller; shared by blocking calls and the started ones of a pipelined session.

    protected static SimRequest readRequest(String table, String key, Set<String> fields,
            Map<String, byte[]> result) {
        return table == null || key == null || result == null ? null
                : new SimRequest.Read(table, key, fields == null ? null : Set.copyOf(fields));
    }

    /** Fills {@code result} with the fields read; returns the reply's status. */
    protected static Status readInto(SimReply.OpReply reply, Map<String, byte[]> result) {
        if (reply.fields() != null) {
            result.putAll(reply.fields());
        }
        return reply.status();
    }

    protected static SimRequest scanRequest(String table, String startKey, int recordCount, Set<String> fields,
            List<Record> result) {
        return recordCount < 0 || table == null || startKey == null || result == null ? null
                : new SimRequest.Scan(table, startKey, recordCount, fields == null ? null : Set.copyOf(fields));
    }

    /** Adds the records scanned to {@code result}; returns the reply's status. */
    protected static Status scanInto(SimReply.OpReply reply, List<Record> result) {
        if (reply.records() != null) {
            result.addAll(reply.records());
        }
        return reply.status();
    }

    protected static SimRequest updateRequest(String table, String key, Map<String, byte[]> values) {
        return wellFormed(table, key, values) ? new SimRequest.Update(table, key, values) : null;
    }

    protected static SimRequest insertRequest(String table, String key, Map<String, byte[]> values) {
        return wellFormed(table, key, values) ? new SimRequest.Insert(table, key, values) : null;
    }

    protected static SimRequest deleteRequest(String table, String key) {
        return table == null || key == null ? null : new SimRequest.Delete(table, key);
    }

    /** A write the engine can take: names and every value present (a null is the caller's error, not a crash). */
    private static boolean wellFormed(String table, String key, Map<String, byte[]> values) {
        if (table == null || key == null || values == null) {
            return false;
        }
        for (Map.Entry<String, byte[]> e : values.entrySet()) { // Map.of refuses containsKey(null)
            if (e.getKey() == null || e.getValue() == null) {
                return false;
            }
        }
        return true;
    }

    /** A reply with no data and no wait. */
    protected static SimReply.OpReply failed(Status status) {
        return new SimReply.OpReply(status, 0, null, null);
    }
}
