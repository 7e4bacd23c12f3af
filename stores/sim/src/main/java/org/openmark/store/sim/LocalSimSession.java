package org.openmark.store.sim;

import org.openmark.store.sim.session.SimSessionBase;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openmark.api.Clock;
import org.openmark.api.Record;
import org.openmark.api.Status;
import org.openmark.store.sim.engine.SerializedEngine;
import org.openmark.store.sim.engine.SimReply;
import org.openmark.store.sim.engine.SimRequest;

/**
 * An in-process session: runs the request on the shared engine, then waits through the clock
 * until arrival + the computed wait. Values are copied in and out, so callers may reuse their
 * arrays and cannot change the store's.
 */
final class LocalSimSession extends SimSessionBase {
    private final SerializedEngine engine;
    private final Clock clock;

    LocalSimSession(SerializedEngine engine, Clock clock) {
        this.engine = engine;
        this.clock = clock;
    }

    @Override
    protected SimReply.OpReply call(SimRequest request) {
        SimRequest own = switch (request) {
            case SimRequest.Update u -> new SimRequest.Update(u.table(), u.key(), copy(u.values()));
            case SimRequest.Insert i -> new SimRequest.Insert(i.table(), i.key(), copy(i.values()));
            default -> request;
        };
        SerializedEngine.Timed timed = engine.execute(own);
        if (!(timed.reply() instanceof SimReply.OpReply reply)) {
            return failed(Status.ERROR);
        }
        try {
            clock.parkUntil(timed.dueClockNanos());
        } catch (InterruptedException e) {
            // The operation ran but the client did not wait for its reply: not a completed call.
            Thread.currentThread().interrupt();
            return failed(Status.ERROR);
        }
        return new SimReply.OpReply(reply.status(), reply.waitNanos(),
                reply.fields() == null ? null : copy(reply.fields()), copy(reply.records()));
    }

    private static Map<String, byte[]> copy(Map<String, byte[]> values) {
        Map<String, byte[]> out = new HashMap<>(Math.max(4, values.size() * 2));
        values.forEach((k, v) -> out.put(k, v.clone()));
        return out;
    }

    private static List<Record> copy(List<Record> records) {
        if (records == null) {
            return null;
        }
        List<Record> out = new ArrayList<>(records.size());
        for (Record r : records) {
            out.add(new Record(r.key(), copy(r.fields())));
        }
        return out;
    }
}
