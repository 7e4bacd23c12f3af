package org.openmark.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.workload.Operation;
import org.openmark.workload.OperationTarget;

/**
 * One recorded operation issued again: the same call on the same table and key, with as many fields
 * and values of the recorded sizes ({@link ReplayValues}). A read of some fields reads that many from
 * the first field name on (a trace keeps their number, not their names).
 */
final class ReplayOperation implements Operation {
    private final ReplayedCall call;
    private final OperationTarget target;
    private final Set<String> fields;
    private final Map<String, byte[]> values;

    ReplayOperation(ReplayedCall call, OperationTarget target, Set<String> fields, Map<String, byte[]> values) {
        this.call = call;
        this.target = target;
        this.fields = fields;
        this.values = values;
    }

    /** The fields a read of {@code count} fields asks for (null for all), named {@code prefix}0, 1, … */
    static Set<String> fields(String prefix, int count) {
        if (count == OperationTarget.ALL_FIELDS) {
            return null;
        }
        Set<String> s = new LinkedHashSet<>();
        for (int i = 0; i < count; i++) {
            s.add(prefix + i);
        }
        return s;
    }

    @Override
    public String name() {
        return call.recordedName();
    }

    @Override
    public boolean composite() {
        return call == ReplayedCall.READ_MODIFY_WRITE;
    }

    @Override
    public OperationTarget target() {
        return target;
    }

    @Override
    public Status execute(Session session) {
        String table = target.table();
        String key = target.key();
        return switch (call) {
            case READ -> session.read(table, key, fields, new HashMap<>());
            case UPDATE -> session.update(table, key, values);
            case INSERT -> session.insert(table, key, values);
            case DELETE -> session.delete(table, key);
            case SCAN -> {
                List<Record> result = new ArrayList<>();
                yield session.scan(table, key, target.scanLength(), fields, result);
            }
            case READ_MODIFY_WRITE -> {
                Status read = session.read(table, key, null, new HashMap<>());
                yield read == null || !read.isOk() ? read : session.update(table, key, values);
            }
        };
    }

    @Override
    public String toString() {
        return name() + " " + target.table() + " " + target.key();
    }
}
