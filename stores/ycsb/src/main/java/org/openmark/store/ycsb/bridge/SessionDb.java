package org.openmark.store.ycsb.bridge;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import site.ycsb.ByteIterator;
import site.ycsb.DB;

/**
 * A YCSB {@code DB} whose calls go to an openmark {@link Session}: what a YCSB workload class is
 * given as its database. Each unit of work sets the session it runs on ({@link #begin}) and reads
 * its status ({@link #unitStatus}): the first call's that was not OK. Used by one unit at a time.
 */
final class SessionDb extends DB {
    private static final Map<Status, site.ycsb.Status> YCSB = ycsbStatuses();

    private Session session;
    private Status firstNotOk;

    /** Makes the next calls on {@code unitSession}; forgets the last unit's status. */
    void begin(Session unitSession) {
        this.session = unitSession;
        this.firstNotOk = null;
    }

    /** The first status of this unit's calls that was not OK; OK when all were (or none was made). */
    Status unitStatus() {
        return firstNotOk == null ? Status.OK : firstNotOk;
    }

    @Override
    public site.ycsb.Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
        Map<String, byte[]> cells = new HashMap<>();
        Status status = session.read(table, key, fields, cells);
        if (result != null) {
            result.putAll(Values.iterators(cells));
        }
        return answer(status);
    }

    @Override
    public site.ycsb.Status scan(String table, String startkey, int recordcount, Set<String> fields,
            Vector<HashMap<String, ByteIterator>> result) {
        List<Record> records = new ArrayList<>();
        Status status = session.scan(table, startkey, recordcount, fields, records);
        if (result != null) {
            for (Record r : records) {
                result.add(Values.iterators(r.fields()));
            }
        }
        return answer(status);
    }

    @Override
    public site.ycsb.Status update(String table, String key, Map<String, ByteIterator> values) {
        return answer(session.update(table, key, bytes(values)));
    }

    @Override
    public site.ycsb.Status insert(String table, String key, Map<String, ByteIterator> values) {
        return answer(session.insert(table, key, bytes(values)));
    }

    @Override
    public site.ycsb.Status delete(String table, String key) {
        return answer(session.delete(table, key));
    }

    private static Map<String, byte[]> bytes(Map<String, ByteIterator> values) {
        Map<String, byte[]> out = HashMap.newHashMap(values.size());
        Values.copy(values, out);
        return out;
    }

    private site.ycsb.Status answer(Status status) {
        if (status != Status.OK && firstNotOk == null) {
            firstNotOk = status == null ? Status.ERROR : status;
        }
        return status == null ? site.ycsb.Status.ERROR : YCSB.get(status);
    }

    /** openmark's statuses as YCSB's: its constants where YCSB has one of the name, else a status of that name. */
    private static Map<Status, site.ycsb.Status> ycsbStatuses() {
        Map<Status, site.ycsb.Status> m = new java.util.EnumMap<>(Status.class);
        List<site.ycsb.Status> constants = List.of(site.ycsb.Status.OK, site.ycsb.Status.ERROR,
                site.ycsb.Status.NOT_FOUND, site.ycsb.Status.NOT_IMPLEMENTED, site.ycsb.Status.UNEXPECTED_STATE,
                site.ycsb.Status.BAD_REQUEST, site.ycsb.Status.FORBIDDEN, site.ycsb.Status.SERVICE_UNAVAILABLE);
        for (Status s : Status.values()) {
            m.put(s, constants.stream().filter(c -> c.getName().equals(s.name())).findFirst()
                    .orElseGet(() -> new site.ycsb.Status(s.name(), "openmark's " + s.name())));
        }
        return m;
    }
}
