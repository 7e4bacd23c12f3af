package org.openmark.store.etcd;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.store.contract.ServicesFixture;

/**
 * The measurement behind the store's layout (docs/etcd.md): YCSB's read of a whole record, update of one
 * field, insert of a whole record and scan of 10 records, on a record as one key (the store's) and as a key per field (TABLE/KEY/FIELD, with the record's
 * existence checked in the same transaction), one call at a time, the two layouts in turns so that a busy
 * machine weighs on both alike. Prints the median and the 99th percentile of each, in microseconds. Tagged
 * slow: bin/test never runs it; {@code mvn -pl stores/etcd surefire:test -Dtest=EtcdLayoutBench
 * -Dopenmark.test.excluded=} does.
 */
@Tag("slow")
class EtcdLayoutBench {
    @RegisterExtension
    static final ServicesFixture CLUSTER = EtcdTestCluster.fixture();

    private static final int RECORDS = 200;
    private static final int ROUNDS = 2000;
    private static final int FIELDS = 10;

    @Test
    void recordKey_versus_keyPerField() throws Exception {
        String[] endpoints = CLUSTER.properties().get(EtcdConfig.ENDPOINTS).split(",");
        try (Client client = Client.builder().endpoints(endpoints).build()) {
            KV kv = client.getKVClient();
            byte[] value = new byte[100];
            Arrays.fill(value, (byte) 'x');
            Map<String, byte[]> record = new HashMap<>();
            for (int f = 0; f < FIELDS; f++) {
                record.put("field" + f, value);
            }
            for (int r = 0; r < RECORDS; r++) {
                kv.put(bytes("r/" + r), ByteSequence.from(RecordCodec.encode(record))).get();
                for (int f = 0; f < FIELDS; f++) {
                    kv.put(bytes("f/" + r + "/field" + f), ByteSequence.from(value)).get();
                }
            }
            long[][] nanos = new long[8][ROUNDS];
            for (int i = 0; i < ROUNDS; i++) {
                int r = i % RECORDS;
                ByteSequence key = bytes("r/" + r);
                long t0 = System.nanoTime();
                RecordCodec.decode(ByteBuffer.wrap(kv.get(key).get().getKvs().get(0).getValue().getBytes()), null);
                long t1 = System.nanoTime();
                kv.get(bytes("f/" + r + "/"), GetOption.builder().isPrefix(true).build()).get().getKvs()
                        .forEach(x -> x.getValue().getBytes());
                long t2 = System.nanoTime();
                var current = kv.get(key, GetOption.builder().withSerializable(true).build()).get().getKvs().get(0);
                Map<String, byte[]> merged = RecordCodec.decode(ByteBuffer.wrap(current.getValue().getBytes()), null);
                merged.put("field3", value);
                kv.txn().If(new Cmp(key, Cmp.Op.EQUAL, CmpTarget.modRevision(current.getModRevision())))
                        .Then(Op.put(key, ByteSequence.from(RecordCodec.encode(merged)), PutOption.DEFAULT)).commit().get();
                long t3 = System.nanoTime();
                ByteSequence marker = bytes("f/" + r + "/field0");
                kv.txn().If(new Cmp(marker, Cmp.Op.GREATER, CmpTarget.createRevision(0)))
                        .Then(Op.put(bytes("f/" + r + "/field3"), ByteSequence.from(value), PutOption.DEFAULT))
                        .commit().get();
                long t4 = System.nanoTime();
                kv.put(bytes("r/" + r), ByteSequence.from(RecordCodec.encode(record))).get();
                long t5 = System.nanoTime();
                ByteSequence prefix = bytes("f/" + r + "/");
                // a lower bound: etcd refuses a delete of the record's range beside puts into it in one
                // transaction ("duplicate key given in txn request"), so replacing a record whose fields differ
                // would take a read of them first
                Op[] puts = new Op[FIELDS];
                for (int f = 0; f < FIELDS; f++) {
                    puts[f] = Op.put(bytes("f/" + r + "/field" + f), ByteSequence.from(value), PutOption.DEFAULT);
                }
                kv.txn().Then(puts).commit().get();
                long t6 = System.nanoTime();
                kv.get(bytes("r/" + r), GetOption.builder().withRange(bytes("r0")).withLimit(10).build()).get().getKvs()
                        .forEach(x -> RecordCodec.decode(ByteBuffer.wrap(x.getValue().getBytes()), null));
                long t7 = System.nanoTime();
                kv.get(prefix, GetOption.builder().withRange(bytes("f0")).withLimit(10L * FIELDS).build()).get().getKvs()
                        .forEach(x -> x.getValue().getBytes());
                long t8 = System.nanoTime();
                nanos[4][i] = t5 - t4;
                nanos[5][i] = t6 - t5;
                nanos[6][i] = t7 - t6;
                nanos[7][i] = t8 - t7;
                nanos[0][i] = t1 - t0;
                nanos[1][i] = t2 - t1;
                nanos[2][i] = t3 - t2;
                nanos[3][i] = t4 - t3;
            }
            String[] names = {"read, record key", "read, key per field", "update, record key", "update, key per field",
                "insert, record key", "insert, key per field", "scan 10, record key", "scan 10, key per field"};
            for (int k = 0; k < names.length; k++) {
                Arrays.sort(nanos[k]);
                System.out.printf("%-24s median %6d us  p99 %6d us%n", names[k], nanos[k][ROUNDS / 2] / 1000,
                        nanos[k][ROUNDS * 99 / 100] / 1000);
            }
        }
    }

    private static ByteSequence bytes(String text) {
        return ByteSequence.from(text, StandardCharsets.UTF_8);
    }
}
