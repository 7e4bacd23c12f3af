package org.openmark.store.jdbc;

import org.junit.jupiter.api.Tag;
import org.openmark.store.contract.ServicesFixture;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;

/** Batched inserts ({@code jdbc.batchsize}) against a real PostgreSQL server. */
@Tag("integration")
class JdbcBatchTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("postgres");

    @Test
    void insert_batchOfThree_sentWhenFullAndRestOnClose() {
        try (JdbcStore store = new JdbcStoreFactory().open(SERVER.properties("jdbc.batchsize=3", "fieldcount=2"));
                Session observer = store.newSession()) {
            Session loader = store.newSession();
            SplittableRandom random = new SplittableRandom(1);
            for (int i = 0; i < 2; i++) {
                assertEquals(Status.OK, loader.insert("batched", "k" + i, JdbcCrudTest.values(random, 2)));
            }
            assertEquals(0, count(observer, "batched"), "two queued inserts are not sent yet");

            assertEquals(Status.OK, loader.insert("batched", "k2", JdbcCrudTest.values(random, 2)));
            assertEquals(3, count(observer, "batched"), "the third insert fills the batch");
            assertEquals(Status.OK, loader.insert("batched", "k3", JdbcCrudTest.values(random, 2)));
            assertEquals(3, count(observer, "batched"));

            loader.close();

            assertEquals(4, count(observer, "batched"), "close sends the rest");
        }
    }

    @Test
    void read_afterQueuedInserts_seesThem() {
        try (JdbcStore store = new JdbcStoreFactory().open(SERVER.properties("jdbc.batchsize=100", "fieldcount=1"));
                Session session = store.newSession()) {
            session.insert("ownbatch", "k", JdbcCrudTest.values(new SplittableRandom(2), 1));

            assertEquals(Status.OK, session.read("ownbatch", "k", null, new HashMap<>()), "queued inserts go first");
        }
    }

    @Test
    void insert_batchWithDuplicateKey_failureReportedByFlushingCall() {
        try (JdbcStore store = new JdbcStoreFactory().open(SERVER.properties("jdbc.batchsize=2", "fieldcount=1"));
                Session session = store.newSession()) {
            SplittableRandom random = new SplittableRandom(3);
            assertEquals(Status.OK, session.insert("dupbatch", "same", JdbcCrudTest.values(random, 1)));

            assertEquals(Status.ERROR, session.insert("dupbatch", "same", JdbcCrudTest.values(random, 1)));

            assertEquals(Status.OK, session.insert("dupbatch", "next", JdbcCrudTest.values(random, 1)));
        }
    }

    @Test
    void insert_insideUnit_notBatched() {
        try (JdbcStore store = new JdbcStoreFactory().open(SERVER.properties("jdbc.batchsize=50", "fieldcount=1"));
                Session writer = store.newSession(); Session observer = store.newSession()) {
            writer.start();
            writer.insert("unitbatch", "k", JdbcCrudTest.values(new SplittableRandom(4), 1));

            assertEquals(Status.OK, writer.commit());

            assertEquals(1, count(observer, "unitbatch"));
        }
    }

    private static int count(Session session, String table) {
        List<Record> records = new ArrayList<>();
        assertEquals(Status.OK, session.scan(table, "", 1000, null, records));
        return records.size();
    }
}
