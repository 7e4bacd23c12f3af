package org.openmark.store.jdbc;

import org.junit.jupiter.api.Tag;
import org.openmark.store.contract.ServicesFixture;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.api.StoreException;
import org.openmark.api.StoreImage;
import org.openmark.store.contract.ContentHash;
import org.openmark.store.contract.ImageContractTest;

/**
 * Images against a real PostgreSQL server, in binary (BYTEA) columns: the image contract writes
 * every byte value, 0 too, which YCSB's text columns cannot hold in PostgreSQL.
 */
@Tag("integration")
class JdbcImageTest extends ImageContractTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("postgres");
    private static final AtomicInteger TABLES = new AtomicInteger();

    @Override
    protected Store openStore() {
        return new JdbcStoreFactory().open(SERVER.properties("fieldcount=" + FIELD_COUNT, "jdbc.fieldtype=BYTEA"));
    }

    @Override
    protected String newTableName() {
        return "image" + TABLES.incrementAndGet();
    }

    @Override
    protected void assertFreed(StoreImage image) {
        for (String copy : ((JdbcImage) image).copyNames()) {
            assertFalse(exists(copy), copy + " still exists");
        }
    }

    private Connection connect() throws SQLException {
        return new JdbcConnector(((JdbcStore) store).config()).open();
    }

    private boolean exists(String table) {
        try (Connection connection = connect(); Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT to_regclass('" + table + "') IS NOT NULL")) {
            row.next();
            return row.getBoolean(1);
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    private long count(String table) throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT count(*) FROM " + table)) {
            row.next();
            return row.getLong(1);
        }
    }

    @Test
    void saveImage_copyPerTable_namedAfterItWithRowsCopied() throws SQLException {
        try (StoreImage image = ((JdbcStore) store).saveImage()) {
            List<String> copies = ((JdbcImage) image).copyNames();
            String copy = copies.stream().filter(name -> name.startsWith(table + "__image_")).findFirst().orElseThrow();
            assertTrue(copy.matches(table + "__image_\\d+"), copy);
            assertEquals(count(table), count(copy));
            assertTrue(copies.stream().noneMatch(name -> name.contains("__image_") && name.indexOf("__image_") != name.lastIndexOf("__image_")),
                    "an image of an image: " + copies);
            assertTrue(image.describe().contains(copy), image.describe());
        }
    }

    @Test
    void restoreImage_tableWithoutKeyColumn_leftAloneAndNotCopied() throws SQLException {
        String notes = newTableName();
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE " + notes + " (id INT)");
            statement.execute("INSERT INTO " + notes + " VALUES (1)");
            try (StoreImage image = ((JdbcStore) store).saveImage()) {
                statement.execute("INSERT INTO " + notes + " VALUES (2)");

                ((JdbcStore) store).restoreImage(image);

                assertEquals(2, count(notes));
                assertTrue(((JdbcImage) image).copyNames().stream().noneMatch(name -> name.startsWith(notes)));
            } finally {
                statement.execute("DROP TABLE " + notes);
            }
        }
    }

    @Test
    void restoreImage_tableWithKeyColumnInAnotherLayout_leftAloneAndNotCopied() throws SQLException {
        String foreign = newTableName();
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE " + foreign + " (YCSB_KEY VARCHAR PRIMARY KEY, field0 INT, field1 TEXT,"
                    + " field2 TEXT, field3 TEXT)");
            statement.execute("INSERT INTO " + foreign + " VALUES ('k1', 1, 'a', 'b', 'c')");
            try (StoreImage image = ((JdbcStore) store).saveImage()) {
                statement.execute("INSERT INTO " + foreign + " VALUES ('k2', 2, 'a', 'b', 'c')");

                ((JdbcStore) store).restoreImage(image);

                assertEquals(2, count(foreign));
                assertTrue(((JdbcImage) image).copyNames().stream().noneMatch(name -> name.startsWith(foreign)));
            } finally {
                statement.execute("DROP TABLE " + foreign);
            }
        }
    }

    @Test
    void restoreImage_ycsbTextTable_restoredAsSaved() {
        String text = newTableName();
        try (JdbcStore textStore = new JdbcStoreFactory().open(SERVER.properties("fieldcount=" + FIELD_COUNT));
                Session session = textStore.newSession()) {
            assertEquals(Status.OK, session.insert(text, "k1", Map.of("field0", "user1:field0:x".getBytes(UTF_8), "field1",
                    new byte[] {(byte) 0xE9, 0x7F, 1})));
            ContentHash saved = ContentHash.of(session, text);
            try (StoreImage image = textStore.saveImage()) {
                assertEquals(Status.OK, session.update(text, "k1", Map.of("field0", "changed".getBytes(UTF_8))));
                assertEquals(Status.OK, session.insert(text, "k2", Map.of("field0", "new".getBytes(UTF_8))));

                textStore.restoreImage(image);

                assertEquals(saved, ContentHash.of(session, text));
            }
        }
    }

    @Test
    void restoreImage_longTableName_copyNameFitsAndRestores() {
        String longTable = "t" + "x".repeat(58) + TABLES.incrementAndGet();
        try (Session session = store.newSession()) {
            assertEquals(Status.OK, session.insert(longTable, "k1", Map.of("field0", new byte[] {1, 2})));
            ContentHash saved = ContentHash.of(session, longTable);
            try (StoreImage image = ((JdbcStore) store).saveImage()) {
                String copy = ((JdbcImage) image).copyNames().stream()
                        .filter(name -> name.startsWith(longTable.substring(0, 40))).findFirst().orElseThrow();
                assertTrue(copy.length() <= JdbcImager.MAX_IDENTIFIER_LENGTH, copy);
                assertEquals(Status.OK, session.delete(longTable, "k1"));

                ((JdbcStore) store).restoreImage(image);

                assertEquals(saved, ContentHash.of(session, longTable));
            }
        }
    }

    @Test
    void copyName_tooLong_cutWithIndexToTheLimit() {
        String table = "a".repeat(63);
        assertEquals("a".repeat(63 - "__image_12_3".length()) + "__image_12_3", JdbcImager.copyName(table, 12, 3));
        assertEquals("usertable__image_7", JdbcImager.copyName("usertable", 7, 0));
    }

    @Test
    void restoreImage_databaseUnreachable_storeExceptionAndImageKept() {
        try (StoreImage image = ((JdbcStore) store).saveImage();
                JdbcStore unreachable = new JdbcStoreFactory().open(SERVER.properties("fieldcount=" + FIELD_COUNT,
                        "jdbc.url=jdbc:postgresql://127.0.0.1:1/openmark"))) {
            StoreException e = assertThrows(StoreException.class, () -> unreachable.restoreImage(image));
            assertTrue(e.getMessage().contains("nothing changed"), e.getMessage());
            for (String copy : ((JdbcImage) image).copyNames()) {
                assertTrue(exists(copy), copy);
            }
        }
    }
}
