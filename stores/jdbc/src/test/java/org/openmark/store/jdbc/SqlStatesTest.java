package org.openmark.store.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;

class SqlStatesTest {

    @Test
    void statusOf_serializationFailure_aborted() {
        assertEquals(Status.ABORTED, SqlStates.statusOf(new SQLException("could not serialize access", "40001")));
    }

    @Test
    void statusOf_deadlock_aborted() {
        assertEquals(Status.ABORTED, SqlStates.statusOf(new SQLException("deadlock detected", "40P01")));
    }

    @Test
    void statusOf_connectionFailureOrShutdown_serviceUnavailable() {
        assertEquals(Status.SERVICE_UNAVAILABLE, SqlStates.statusOf(new SQLException("refused", "08001")));
        assertEquals(Status.SERVICE_UNAVAILABLE, SqlStates.statusOf(new SQLException("terminating connection", "57P01")));
    }

    @Test
    void statusOf_cancelledOrTimedOut_timeout() {
        assertEquals(Status.TIMEOUT, SqlStates.statusOf(new SQLException("canceling statement", "57014")));
        assertEquals(Status.TIMEOUT, SqlStates.statusOf(new SQLTimeoutException("timed out")));
    }

    @Test
    void statusOf_constraintOrSyntax_error() {
        assertEquals(Status.ERROR, SqlStates.statusOf(new SQLException("duplicate key", "23505")));
        assertEquals(Status.ERROR, SqlStates.statusOf(new SQLException("syntax", "42601")));
        assertEquals(Status.ERROR, SqlStates.statusOf(new SQLException("no state")));
    }

    @Test
    void statusOf_batchFailureWithStateOnChainedException_usesChainedState() {
        BatchUpdateException batch = new BatchUpdateException("batch failed", null, 0, new int[0], null);
        batch.setNextException(new SQLException("could not serialize access", "40001"));

        assertEquals(Status.ABORTED, SqlStates.statusOf(batch));
    }
}
