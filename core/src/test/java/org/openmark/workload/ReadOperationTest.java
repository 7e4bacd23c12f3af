package org.openmark.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.testing.OkSession;

/**
 * A read keeps what the store returned only to be checked: with data integrity off the fields it
 * read stay the call's own (the JIT may then leave them unallocated on a store that fills
 * nothing; keeping them always cost the noop store's closed model ~10 %), with it on they wait
 * for the driver's check.
 */
class ReadOperationTest {
    private static final DeterministicValues VALUES = new DeterministicValues(8);

    /** Answers every read OK with the values the workload writes, and remembers the last map it filled, weakly. */
    private static final class FillingSession extends OkSession {
        WeakReference<Map<String, byte[]>> lastFilled = new WeakReference<>(null);

        @Override
        public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
            result.put("field0", VALUES.value(key, "field0"));
            lastFilled = new WeakReference<>(result);
            return Status.OK;
        }
    }

    @Test
    void execute_withoutDataChecks_keepsNothingItRead() {
        FillingSession session = new FillingSession();
        ReadOperation read = new ReadOperation("usertable", "user1", null, null, null);

        assertEquals(Status.OK, read.execute(session));

        assertFalse(read.hasDataToCheck());
        // The operation is still reachable; the map it read into must not be (only the session's weak reference).
        assertTrue(collected(session.lastFilled), "the read kept the fields it read though nothing checks them");
        Reference.reachabilityFence(read);
    }

    @Test
    void execute_rmwWithoutDataChecks_keepsNothingItRead() {
        FillingSession session = new FillingSession();
        ReadModifyWriteOperation rmw = new ReadModifyWriteOperation("usertable", "user1", null,
                Map.of("field0", VALUES.value("user1", "field0")), null, null);

        assertEquals(Status.OK, rmw.execute(session));

        assertFalse(rmw.hasDataToCheck());
        assertTrue(collected(session.lastFilled), "the read-modify-write kept the fields it read though nothing checks them");
        Reference.reachabilityFence(rmw);
    }

    @Test
    void execute_withDataChecks_keepsWhatItReadUntilChecked() {
        FillingSession session = new FillingSession();
        DataChecks checks = new DataChecks(VALUES);
        ReadOperation read = new ReadOperation("usertable", "user1", null, checks, null);

        assertEquals(Status.OK, read.execute(session));

        assertFalse(collected(session.lastFilled), "the fields read are the check's");
        assertTrue(read.hasDataToCheck());
        assertEquals(Status.OK, read.checkData());
        assertEquals(1, checks.found().checked());
    }

    @Test
    void execute_withDataChecks_aReadNotAnsweredOkHasNothingToCheck() {
        ReadOperation read = new ReadOperation("usertable", "user1", null, new DataChecks(VALUES), null);

        assertEquals(Status.NOT_FOUND, read.execute(new OkSession() {
            @Override
            public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
                return Status.NOT_FOUND;
            }
        }));

        assertFalse(read.hasDataToCheck());
    }

    /** True once {@code ref}'s map was collected (a few full collections asked for). */
    private static boolean collected(WeakReference<?> ref) {
        for (int i = 0; i < 10 && ref.get() != null; i++) {
            System.gc();
        }
        return ref.get() == null;
    }
}
