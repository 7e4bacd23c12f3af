package org.openmark.workload;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.openmark.api.Session;
import org.openmark.api.Status;

/**
 * Reads a record, then (if the read succeeded) updates it, as YCSB's read-modify-write. Composite:
 * the driver also records the inner READ and UPDATE. With data integrity on ({@code checks} not
 * null) a read the store answered OK keeps the fields it returned, for the driver to check after it
 * recorded the operation ({@link #hasDataToCheck}), outside its time, as YCSB checks after it
 * measured READ-MODIFY-WRITE.
 */
final class ReadModifyWriteOperation implements Operation {
    private final String table;
    private final String key;
    private final Set<String> fields;
    private final Map<String, byte[]> values;
    private final DataChecks checks;
    private final MissingRecords loaded;
    /** What the last run's read returned, and its status, with data checks only; set on the thread that ran it. */
    private Map<String, byte[]> cells;
    private Status readStatus;

    /**
     * @param fields the fields to read, or null for all
     * @param checks the data checks (data integrity on), or null
     * @param loaded told the read's answer when the record is one the load wrote, else null
     */
    ReadModifyWriteOperation(String table, String key, Set<String> fields, Map<String, byte[]> values,
            DataChecks checks, MissingRecords loaded) {
        this.table = table;
        this.key = key;
        this.fields = fields;
        this.values = values;
        this.checks = checks;
        this.loaded = loaded;
    }

    String key() {
        return key;
    }

    /** The fields to read, or null for all. */
    Set<String> fields() {
        return fields;
    }

    Map<String, byte[]> values() {
        return values;
    }

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
        Map<String, byte[]> read = new HashMap<>();
        Status status = session.read(table, key, fields, read);
        if (checks != null) { // kept only to be checked (as ReadOperation's)
            cells = read;
            readStatus = status;
        }
        if (loaded != null && status != null) {
            loaded.answered(key, status);
        }
        if (status == null || !status.isOk()) {
            return status;
        }
        return session.update(table, key, values);
    }

    /** Its record, and the fields and bytes its update writes (the read's are the record's own). */
    @Override
    public OperationTarget target() {
        return new OperationTarget(table, key, values.size(), OperationTarget.bytesOf(values), 0);
    }

    @Override
    public boolean hasDataToCheck() {
        return checks != null && readStatus != null && readStatus.isOk();
    }

    @Override
    public Status checkData() {
        return checks.check(key, cells);
    }

    @Override
    public String toString() {
        return "READ-MODIFY-WRITE " + key + " " + fields;
    }
}
