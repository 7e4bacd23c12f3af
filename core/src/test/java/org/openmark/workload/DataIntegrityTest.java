package org.openmark.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        for (int i = 0; i < 3_000; i++) {
            statuses.merge(c.nextOperation().execute(session), 1, Integer::sum);
        }
        assertEquals(Map.of(Status.OK, 3_000), statuses);
    }

    @Test
    void read_corruptedValue_returnsUnexpectedState() {
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

        session.tables.get(key).get("field3")[7] ^= 0x20;
        assertEquals(Status.UNEXPECTED_STATE, read.execute(session));
        Operation rmw = new ReadModifyWriteOperation(w.table(), key, null, Map.of(), w.integrity(), null);
        assertEquals(Status.UNEXPECTED_STATE, rmw.execute(session));
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
