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
        if (table == null || key == null || result == null) {
            return Status.BAD_REQUEST;
        }
        SimReply.OpReply reply = call(new SimRequest.Read(table, key, fields == null ? null : Set.copyOf(fields)));
        if (reply.fields() != null) {
            result.putAll(reply.fields());
        }
        return reply.status();
    }

    @Override
    public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
        if (recordCount < 0 || table == null || startKey == null || result == null) {
            return Status.BAD_REQUEST;
        }
        SimReply.OpReply reply = call(new SimRequest.Scan(table, startKey, recordCount,
                fields == null ? null : Set.copyOf(fields)));
        if (reply.records() != null) {
            result.addAll(reply.records());
        }
        return reply.status();
    }

    @Override
    public Status update(String table, String key, Map<String, byte[]> values) {
        if (!wellFormed(table, key, values)) {
            return Status.BAD_REQUEST;
        }
        return call(new SimRequest.Update(table, key, values)).status();
    }

    @Override
    public Status insert(String table, String key, Map<String, byte[]> values) {
        if (!wellFormed(table, key, values)) {
            return Status.BAD_REQUEST;
        }
        return call(new SimRequest.Insert(table, key, values)).status();
    }

    @Override
    public Status delete(String table, String key) {
        if (table == null || key == null) {
            return Status.BAD_REQUEST;
        }
        return call(new SimRequest.Delete(table, key)).status();
    }

    /** A write the engine can take: names and every value present (a null is the caller's error, not a crash). */
    protected static boolean wellFormed(String table, String key, Map<String, byte[]> values) {
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
