package org.openmark.txn;

import org.openmark.testing.FakeClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.openmark.testing.SimpleWorkload;
import org.openmark.workload.Operation;
import org.openmark.workload.WorkloadClient;

class TransactionsTest {
    private static final TxnConfig ON = new TxnConfig(true, false, RetryPolicy.NONE);

    @Test
    void wrap_enabled_runOperationsBecomeUnitsAndLoadOperationsStayPlain() {
        TxnWorkload w = Transactions.wrap(new SimpleWorkload(3, 0.5), ON, new FakeClock());
        WorkloadClient c = w.newClient(0, 1, 42);

        Operation load = c.nextLoadOperation();
        assertEquals("INSERT", load.name());
        for (int i = 0; i < 20; i++) {
            Operation op = c.nextOperation();
            assertInstanceOf(TransactionalOperation.class, op);
            String inner = ((TransactionalOperation) op).inner().name();
            assertEquals("TX-" + inner, op.name());
        }
        assertEquals(3, w.loadOperationCount());
        assertEquals("usertable", w.table());
    }

    @Test
    void wrap_loadToo_wrapsInserts() {
        TxnWorkload w = Transactions.wrap(new SimpleWorkload(3, 0), new TxnConfig(true, true, RetryPolicy.NONE),
                new FakeClock());
        assertEquals("TX-INSERT", w.newClient(0, 1, 1).nextLoadOperation().name());
    }

    @Test
    void wrap_disabled_sameOperationsAsTheWorkload() {
        SimpleWorkload plain = new SimpleWorkload(3, 0.5);
        SimpleWorkload reference = new SimpleWorkload(3, 0.5);
        TxnWorkload w = Transactions.wrap(plain, TxnConfig.DISABLED, new FakeClock());
        WorkloadClient wrapped = w.newClient(0, 1, 7);
        WorkloadClient direct = reference.newClient(0, 1, 7);
        for (int i = 0; i < 20; i++) {
            assertEquals(direct.nextOperation().name(), wrapped.nextOperation().name());
        }
        assertSame(plain, w.inner());
    }

    @Test
    void wrap_twice_isRefused() {
        TxnWorkload w = Transactions.wrap(new SimpleWorkload(3, 0), ON, new FakeClock());
        assertThrows(IllegalArgumentException.class, () -> Transactions.wrap(w, ON, new FakeClock()));
    }
}
