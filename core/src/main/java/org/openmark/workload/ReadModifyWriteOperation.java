package org.openmark.workload;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.openmark.api.Session;
import org.openmark.api.Status;

/**
 * Reads a record, then (if the read succeeded) updates it, as YCSB's read-modify-write. Composite:
 * the driver also records the inner READ and UPDATE. With data integrity on, the read fields are
 * checked after the update and a mismatch yields {@link Status#UNEXPECTED_STATE}.
 *
 * @param fields the fields to read, or null for all
 * @param loaded told the read's answer when the record is one the load wrote, else null
 */
record ReadModifyWriteOperation(String table, String key, Set<String> fields, Map<String, byte[]> values,
        DeterministicValues integrity, MissingRecords loaded) implements Operation {

    @Override
    public String name() {
        return "READ-MODIFY-WRITE";
    }

    @Override
    public boolean composite() {
        return true;
    }

    @Override
    public Status execute(Session session) {
        Map<String, byte[]> cells = new HashMap<>();
        Status status = session.read(table, key, fields, cells);
        if (loaded != null) {
            loaded.answered(key, status);
        }
        if (!status.isOk()) {
            return status;
        }
        status = session.update(table, key, values);
        if (!status.isOk() || integrity == null) {
            return status;
        }
        return integrity.verify(key, cells);
    }
}
