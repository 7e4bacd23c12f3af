package org.openmark.store.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Only plain identifiers reach the statements' text: what a name may be, at its edges. */
class SqlTextTest {

    @Test
    void isIdentifier_plainNamesUpTo63Characters() {
        for (String name : new String[] {"usertable", "USERTABLE", "_t", "t", "field0", "a_1_b", "x".repeat(63)}) {
            assertTrue(SqlText.isIdentifier(name), name);
        }
    }

    @Test
    void isIdentifier_anythingElseIsRefused() {
        for (String name : new String[] {null, "", "0field", "9", "user-table", "user table", "t;DROP", "\"t\"",
                "t.u", "é", "x".repeat(64), "field0 ", "/"}) {
            assertFalse(SqlText.isIdentifier(name), String.valueOf(name));
        }
    }

    @Test
    void texts_areWrittenOncePerKindTableAndColumns_andEqualWhatSqlTextWrites() {
        SqlTexts texts = new SqlTexts();
        List<String> columns = new ArrayList<>(List.of("field0", "field1"));
        String read = texts.text(SqlTexts.Kind.READ, "usertable", columns);
        assertEquals(SqlText.read("usertable", columns), read);
        columns.set(1, "field2"); // the caller's list changes after the call: the kept key does not
        assertEquals(SqlText.read("usertable", columns), texts.text(SqlTexts.Kind.READ, "usertable", columns));
        assertSame(read, texts.text(SqlTexts.Kind.READ, "usertable", new ArrayList<>(List.of("field0", "field1"))));
        assertEquals(SqlText.update("usertable", columns), texts.text(SqlTexts.Kind.UPDATE, "usertable", columns));
        assertEquals(SqlText.insert("usertable", columns), texts.text(SqlTexts.Kind.INSERT, "usertable", columns));
        assertEquals(SqlText.scan("other", columns), texts.text(SqlTexts.Kind.SCAN, "other", columns));
        assertNotEquals(texts.text(SqlTexts.Kind.READ, "other", columns), texts.text(SqlTexts.Kind.READ, "usertable", columns));
        assertEquals(6, texts.size());
    }

    @Test
    void texts_startOverPastTheirBound() {
        SqlTexts texts = new SqlTexts();
        for (int i = 0; i < SqlTexts.MAX_TEXTS + 5; i++) {
            List<String> columns = List.of("field" + i);
            assertEquals(SqlText.update("t", columns), texts.text(SqlTexts.Kind.UPDATE, "t", columns));
            assertTrue(texts.size() <= SqlTexts.MAX_TEXTS, "kept " + texts.size());
        }
        assertEquals(5, texts.size());
    }
}
