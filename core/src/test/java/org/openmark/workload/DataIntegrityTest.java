package org.openmark.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;

class DataIntegrityTest {
    private static final String[] PROPS = {"recordcount", "200", "dataintegrity", "true", "fieldlength", "40",
        "readproportion", "0.5", "updateproportion", "0.3", "readmodifywriteproportion", "0.2"};

    @Test
    void reads_afterLoadAndUpdates_verifyOk() {
        CoreWorkload w = TestWorkloads.core(PROPS);
        MapSession session = new MapSession();
        TestWorkloads.load(w, session, 1);
        WorkloadClient c = w.newClient(0, 1, 1);
        Map<Status, Integer> statuses = new EnumMap<>(Status.class);
        Map<Status, Integer> checks = new EnumMap<>(Status.class);
        for (int i = 0; i < 3_000; i++) {
            Operation op = c.nextOperation();
            statuses.merge(op.execute(session), 1, Integer::sum);
            if (op.hasDataToCheck()) {
                checks.merge(op.checkData(), 1, Integer::sum);
            }
        }
        assertEquals(Map.of(Status.OK, 3_000), statuses);
        int reads = checks.getOrDefault(Status.OK, 0);
        assertTrue(reads > 1_500, "reads and read-modify-writes checked: " + checks);
        assertEquals(Map.of(Status.OK, reads), checks);
        assertEquals(new DataChecks.Found(reads, 0, 0, null), w.dataChecks().found());
    }

    @Test
    void read_corruptedValue_readIsOkAndItsCheckUnexpectedState() {
        CoreWorkload w = TestWorkloads.core(PROPS);
        MapSession session = new MapSession();
        TestWorkloads.load(w, session, 2);
        WorkloadClient c = w.newClient(0, 1, 2);
        Operation read;
        do {
            read = c.nextOperation();
        } while (!read.name().equals("READ"));
        String key = Operations.key(read);
        assertEquals(Status.OK, read.execute(session));
        assertEquals(Status.OK, read.checkData());

        session.tables.get(key).get("field3")[7] ^= 0x20;
        assertEquals(Status.OK, read.execute(session), "the store answered: the read's status is the store's");
        assertTrue(read.hasDataToCheck());
        assertEquals(Status.UNEXPECTED_STATE, read.checkData());
        Operation rmw = new ReadModifyWriteOperation(w.table(), key, null, Map.of(), w.dataChecks(), null);
        assertEquals(Status.OK, rmw.execute(session));
        assertEquals(Status.UNEXPECTED_STATE, rmw.checkData());
        assertEquals(new DataChecks.Found(3, 2, 0, key), w.dataChecks().found());
    }

    @Test
    void read_storeAnswersOkWithNoField_checkIsError() {
        CoreWorkload w = TestWorkloads.core(PROPS);
        MapSession session = new MapSession();
        TestWorkloads.load(w, session, 2);
        WorkloadClient c = w.newClient(0, 1, 2);
        Operation read;
        do {
            read = c.nextOperation();
        } while (!read.name().equals("READ"));
        String key = Operations.key(read);
        session.tables.get(key).clear();
        assertEquals(Status.OK, read.execute(session));
        assertEquals(Status.ERROR, read.checkData());
        assertEquals(new DataChecks.Found(1, 0, 1, key), w.dataChecks().found());
    }

    @Test
    void read_missingRecord_returnsTheStoreStatus() {
        CoreWorkload w = TestWorkloads.core(PROPS);
        Operation read;
        WorkloadClient c = w.newClient(0, 1, 3);
        do {
            read = c.nextOperation();
        } while (!read.name().equals("READ"));
        assertEquals(Status.NOT_FOUND, read.execute(new MapSession()));
        assertFalse(read.hasDataToCheck(), "a read the store did not answer OK is not checked: its status says it failed");
    }

    @Test
    void reads_namesEveryField_soTheStoreReturnsWhatIsChecked() {
        CoreWorkload w = TestWorkloads.core(PROPS);
        WorkloadClient c = w.newClient(0, 1, 4);
        Operation op;
        do {
            op = c.nextOperation();
        } while (!op.name().equals("READ"));
        assertEquals(10, ((ReadOperation) op).fields().size());
    }
}
