package org.openmark.store.jdbc;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Inserts queued with {@code addBatch} until {@code jdbc.batchsize} of them are pending.
 * A failed flush loses the whole batch: its rows were already reported OK when queued, so
 * the failure is reported once, on the call that flushed.
 */
final class InsertBatch {
    private final int batchSize;
    private final Set<PreparedStatement> statements = new LinkedHashSet<>();
    private int pending;

    InsertBatch(int batchSize) {
        this.batchSize = batchSize;
    }

    /** Queues the statement's bound row; true when the batch is full and must be flushed. */
    boolean add(PreparedStatement statement) throws SQLException {
        statement.addBatch();
        statements.add(statement);
        pending++;
        return pending >= batchSize;
    }

    /** True when no row is queued. */
    boolean isEmpty() {
        return pending == 0;
    }

    /** Sends every queued row; the batch is empty afterwards, whether or not it succeeded. */
    void flush() throws SQLException {
        try {
            for (PreparedStatement statement : statements) {
                statement.executeBatch();
            }
        } finally {
            discard();
        }
    }

    /** Drops the queued rows without sending them. */
    void discard() {
        for (PreparedStatement statement : statements) {
            try {
                statement.clearBatch();
            } catch (SQLException ignored) {
                // the statement may already be closed with its connection; its batch goes with it
            }
        }
        statements.clear();
        pending = 0;
    }
}
