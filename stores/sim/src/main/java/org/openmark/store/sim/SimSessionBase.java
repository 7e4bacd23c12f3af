package org.openmark.store.sim;

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
        SimReply.OpReply reply = call(new SimRequest.Read(table, key, fields == null ? null : Set.copyOf(fields)));
        if (reply.fields() != null) {
            result.putAll(reply.fields());
        }
        return reply.status();
    }

    @Override
    public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
        if (recordCount < 0) {
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
        return call(new SimRequest.Update(table, key, values)).status();
    }

    @Override
    public Status insert(String table, String key, Map<String, byte[]> values) {
        return call(new SimRequest.Insert(table, key, values)).status();
    }

    @Override
    public Status delete(String table, String key) {
        return call(new SimRequest.Delete(table, key)).status();
    }

    /** A reply with no data and no wait. */
    protected static SimReply.OpReply failed(Status status) {
        return new SimReply.OpReply(status, 0, null, null);
    }
}
