package org.openmark.store.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.api.StoreConfigException;
import org.openmark.store.cassandra.TableLayout.Column;
import org.openmark.store.cassandra.TableLayout.Shape;

/** What openmark makes of an existing table, decided from its columns alone (no cluster). */
class TableLayoutTest {
    private static final List<String> WRITTEN = List.of("field0", "field1", "field2");

    private static Shape shape(List<Column> key, List<Column> clustering, String fieldType, String... fields) {
        List<Column> others = new ArrayList<>();
        for (String field : fields) {
            others.add(new Column(field, fieldType));
        }
        return new Shape("ycsb", "usertable", key, clustering, others);
    }

    private static Shape ycsb(String fieldType, String... fields) {
        return shape(List.of(new Column("y_id", "text")), List.of(), fieldType, fields);
    }

    private static String refusal(Shape shape) {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> TableLayout.of(shape, WRITTEN));
        assertEquals("table", e.property());
        assertTrue(e.getMessage().startsWith("table=usertable: table ycsb.usertable is in a layout openmark does not"
                + " write ("), e.getMessage());
        assertTrue(e.getMessage().endsWith("Nothing was written: use another table (-p table=NAME) or keyspace"
                + " (-p cassandra.keyspace=NAME), or drop this one"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line");
        return e.getMessage();
    }

    @Test
    void of_ycsbsDocumentedTable_textFields() {
        TableLayout layout = TableLayout.of(ycsb("text", "field0", "field1", "field2", "field3"), WRITTEN);
        assertEquals("y_id", layout.keyColumn());
        assertEquals(Map.of("field0", FieldEncoding.TEXT, "field1", FieldEncoding.TEXT, "field2", FieldEncoding.TEXT,
                "field3", FieldEncoding.TEXT), layout.fields());
        assertEquals("text", layout.fieldTypes());
    }

    @Test
    void of_openmarksEarlierBlobTable_blobFields() {
        TableLayout layout = TableLayout.of(ycsb("blob", "field0", "field1", "field2"), WRITTEN);
        assertEquals(FieldEncoding.BLOB, layout.fields().get("field1"));
        assertEquals("blob", layout.fieldTypes());
    }

    @Test
    void of_textAndBlobColumns_eachKeptAsItsColumn() {
        Shape shape = new Shape("ycsb", "usertable", List.of(new Column("y_id", "text")), List.of(),
                List.of(new Column("field0", "text"), new Column("field1", "blob"), new Column("field2", "text")));
        TableLayout layout = TableLayout.of(shape, WRITTEN);
        assertEquals(FieldEncoding.BLOB, layout.fields().get("field1"));
        assertEquals(FieldEncoding.TEXT, layout.fields().get("field2"));
        assertEquals("text+blob", layout.fieldTypes());
    }

    @Test
    void of_anotherTableWithFewerFields_acceptedWhenTheRunWritesNone() {
        assertEquals(1, TableLayout.of(ycsb("text", "field0"), List.of()).fields().size());
    }

    @Test
    void of_keyOfAnotherType_refused() {
        String message = refusal(shape(List.of(new Column("y_id", "int")), List.of(), "text", "field0", "field1",
                "field2"));
        assertTrue(message.contains("(y_id is int, not varchar)"), message);
    }

    @Test
    void of_noYid_refused() {
        String message = refusal(shape(List.of(new Column("ycsb_key", "text")), List.of(), "text", "field0", "field1",
                "field2"));
        assertTrue(message.contains("the partition key is (ycsb_key), not y_id alone"), message);
    }

    @Test
    void of_compositePartitionKeyOrClusteringColumn_refused() {
        assertTrue(refusal(shape(List.of(new Column("y_id", "text"), new Column("b", "text")), List.of(), "text",
                "field0", "field1", "field2")).contains("the partition key is (y_id, b), not y_id alone"));
        assertTrue(refusal(shape(List.of(new Column("y_id", "text")), List.of(new Column("ts", "timestamp")), "text",
                "field0", "field1", "field2")).contains("clustering column ts (the primary key must be y_id alone)"));
    }

    @Test
    void of_fieldNeitherTextNorBlob_refusedNamingIt() {
        Shape shape = new Shape("ycsb", "usertable", List.of(new Column("y_id", "text")), List.of(),
                List.of(new Column("field0", "text"), new Column("field1", "ascii"), new Column("field2", "int"),
                        new Column("extra", "list<text>")));
        String message = refusal(shape);
        assertTrue(message.contains("field1 is ascii (fields must be varchar, or blob); field2 is int (fields must be"
                + " varchar, or blob); extra is list<text>"), message);
    }

    @Test
    void of_fieldTheRunWritesMissing_refusedNamingItAndTheProperties() {
        String message = refusal(ycsb("text", "field0"));
        assertTrue(message.contains("no column field1, field2 (the run writes field0 .. field2: fieldcount,"
                + " fieldnameprefix)"), message);
    }

    @Test
    void created_isYcsbsLayout() {
        TableLayout layout = TableLayout.created(WRITTEN);
        assertEquals("y_id", layout.keyColumn());
        assertEquals(List.of("field0", "field1", "field2"), List.copyOf(layout.fields().keySet()));
        assertEquals("text", layout.fieldTypes());
    }
}
