package org.openmark.workload;

import org.openmark.api.Session;
import org.openmark.api.Status;

/** Deletes one record (an openmark extension: {@code deleteproportion}). */
record DeleteOperation(String table, String key) implements Operation {

    @Override
    public String name() {
        return "DELETE";
    }

    @Override
    public Status execute(Session session) {
        return session.delete(table, key);
    }
}
