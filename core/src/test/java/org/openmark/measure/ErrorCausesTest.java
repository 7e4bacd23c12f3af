package org.openmark.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.workload.ReportSection;

class ErrorCausesTest {
    private static final String DUPLICATE = "ERROR: duplicate key value violates unique constraint \"usertable_pkey\"\n"
            + "  Detail: Key (ycsb_key)=(user%d) already exists. (SQLState 23505)";

    @Test
    void failed_sameCauseWithOtherKeys_oneCauseCounted_firstMessageKeptWhole() {
        ErrorCauses c = new ErrorCauses();
        for (int i = 0; i < 1000; i++) {
            c.failed("INSERT", Status.ERROR, String.format(DUPLICATE, 1000 + i), i);
        }
        c.failed("INSERT", Status.ERROR, "ERROR: relation \"usertable\" does not exist (SQLState 42P01)", 5);
        c.failed("READ", Status.TIMEOUT, null, 6);
        assertEquals(List.of(
                new ErrorCauses.Cause("INSERT", Status.ERROR, "ERROR: duplicate key value violates unique constraint"
                        + " \"usertable_pkey\" Detail: Key (ycsb_key)=(user1000) already exists. (SQLState 23505)",
                        1000),
                new ErrorCauses.Cause("INSERT", Status.ERROR, "ERROR: relation \"usertable\" does not exist"
                        + " (SQLState 42P01)", 1),
                new ErrorCauses.Cause("READ", Status.TIMEOUT, "the store gave no reason", 1)), c.causes());
    }

    @Test
    void failed_beforeTheWarmUpsEnd_notCounted() {
        ErrorCauses c = new ErrorCauses();
        c.countFrom(100);
        c.failed("UPDATE", Status.ERROR, "early", 99);
        c.failed("UPDATE", Status.ERROR, "late", 100);
        assertEquals(List.of(new ErrorCauses.Cause("UPDATE", Status.ERROR, "late", 1)), c.causes());
    }

    @Test
    void failed_manyDistinctCauses_boundedAndTheRestCountedTogether() {
        ErrorCauses c = new ErrorCauses();
        for (int i = 0; i < 50; i++) {
            c.failed("READ", Status.ERROR, "cause " + (char) ('a' + i % 26) + (char) ('a' + i / 26), i);
        }
        List<ErrorCauses.Cause> causes = c.causes();
        assertEquals(ErrorCauses.MAX_CAUSES + 1, causes.size(), causes::toString);
        assertEquals(50, causes.stream().mapToLong(ErrorCauses.Cause::count).sum(), "every failure counted once");
        assertEquals(new ErrorCauses.Cause("READ", Status.ERROR, "other causes (more than 20 distinct ones)", 30),
                causes.get(0));
    }

    @Test
    void failed_secretInTheMessage_masked() {
        ErrorCauses c = new ErrorCauses();
        c.failed("READ", Status.ERROR, "cannot connect to jdbc:postgresql://h/db?user=u&password=hunter2", 0);
        assertEquals("cannot connect to jdbc:postgresql://h/db?user=u&password=****", c.causes().get(0).why());
    }

    @Test
    void section_textAndJson_roundTrip() {
        ErrorCauses c = new ErrorCauses();
        c.failed("INSERT", Status.ERROR, "duplicate key, say", 0);
        c.failed("INSERT", Status.ERROR, "duplicate key, say", 1);
        List<ReportSection> s = ErrorCauses.section(c.causes());
        assertEquals(List.of("[ERROR-CAUSES], INSERT ERROR (2), duplicate key, say"), s.get(0).textLines());
        assertEquals(List.of(Map.of("op", "INSERT", "status", "ERROR", "count", 2L, "why", "duplicate key, say")),
                s.get(0).values().get("causes"));
        assertEquals(c.causes(), ErrorCauses.in(s));
        assertTrue(ErrorCauses.section(List.of()).isEmpty());
    }

    /** A cluster's workers each count their causes; merged, the same cause (other keys) is one, counts added. */
    @Test
    void merge_sameCauseFromTwoWorkers_oneCauseWithTheCountsAdded() {
        ErrorCauses w1 = new ErrorCauses();
        ErrorCauses w2 = new ErrorCauses();
        for (int i = 0; i < 3; i++) {
            w1.failed("INSERT", Status.ERROR, String.format(DUPLICATE, 10 + i), i);
            w2.failed("INSERT", Status.ERROR, String.format(DUPLICATE, 900 + i), i);
        }
        w2.failed("READ", Status.TIMEOUT, null, 0);
        List<ErrorCauses.Cause> merged = ErrorCauses.merge(List.of(w1.causes(), w2.causes()));
        assertEquals(2, merged.size(), merged::toString);
        assertEquals(6, merged.get(0).count());
        assertEquals(w1.causes().get(0).why(), merged.get(0).why(), "the first worker's message as the example");
        assertEquals(new ErrorCauses.Cause("READ", Status.TIMEOUT, "the store gave no reason", 1), merged.get(1));
    }
}
