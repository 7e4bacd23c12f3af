package org.openmark.store.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Status;
import org.openmark.measure.ErrorCauses;
import org.openmark.report.JsonReport;
import org.openmark.report.YcsbTextReport;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;
import org.openmark.store.contract.ServicesFixture;

/**
 * Every store error says why: a load into a table that already holds the records fails each
 * insert on the duplicate key, and the report says so, with the driver's message and SQLState,
 * counted, in the text report and result.json (it used to give only the count of ERROR). Against
 * a real PostgreSQL server.
 */
@Tag("integration")
class JdbcErrorCausesTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("postgres");

    @Test
    void load_intoATableThatHoldsTheRecords_theDuplicateKeyIsTheCause_countedOnce() {
        Map<String, String> base = JdbcPhases.props(SERVER.properties().asMap(), "store", "jdbc", "table", "dupes",
                "recordcount", "200", "fieldcount", "1", "fieldlength", "10", "threadcount", "2");
        JdbcPhases phases = new JdbcPhases();
        RunResult first = phases.run(Phase.LOAD, base);
        assertEquals(200L, first.accounting().statuses().get(Status.OK), phases.log());
        assertTrue(ErrorCauses.in(first.sections()).isEmpty(), "no failure, no cause");

        RunResult again = phases.run(Phase.LOAD, base);
        long errors = again.accounting().statuses().getOrDefault(Status.ERROR, 0L);
        assertEquals(200, errors, phases.log());
        List<ErrorCauses.Cause> causes = ErrorCauses.in(again.sections());
        assertEquals(1, causes.size(), causes::toString);
        ErrorCauses.Cause c = causes.get(0);
        assertEquals("INSERT", c.op());
        assertEquals(Status.ERROR, c.status());
        assertEquals(errors, c.count(), "every failure counted under its cause");
        assertTrue(c.why().contains("duplicate key value violates unique constraint") && c.why().contains("23505"),
                c.why());
        assertFalse(c.why().contains("\n"), c.why());

        String text = YcsbTextReport.render(again);
        assertTrue(text.contains("[ERROR-CAUSES], INSERT ERROR (200), ERROR: duplicate key value violates unique"
                + " constraint"), text);
        String json = JsonReport.render(again);
        assertTrue(json.contains("\"errorCauses\"") && json.contains("\"count\" : 200")
                && json.contains("SQLState 23505"), json);
    }
}
