package org.openmark.store.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;

/**
 * A table's whole content as read through the Session API, condensed to a record count and a
 * SHA-256 over the records sorted by key and their fields sorted by name. Every key, name and
 * value is length-prefixed, so no two different contents hash the same input.
 */
public record ContentHash(int records, String sha256) {

    /** Hashes every record of {@code table} (a full scan from the empty key). */
    public static ContentHash of(Session session, String table) {
        List<Record> scanned = new ArrayList<>();
        assertEquals(Status.OK, session.scan(table, "", Integer.MAX_VALUE, null, scanned), "full scan of " + table);
        scanned.sort(Comparator.comparing(Record::key));
        MessageDigest digest = newDigest();
        for (Record record : scanned) {
            update(digest, record.key().getBytes(StandardCharsets.UTF_8));
            Map<String, byte[]> fields = new TreeMap<>(record.fields());
            digest.update(ByteBuffer.allocate(Integer.BYTES).putInt(fields.size()).array());
            for (Map.Entry<String, byte[]> field : fields.entrySet()) {
                update(digest, field.getKey().getBytes(StandardCharsets.UTF_8));
                update(digest, field.getValue());
            }
        }
        return new ContentHash(scanned.size(), HexFormat.of().formatHex(digest.digest()));
    }

    private static void update(MessageDigest digest, byte[] bytes) {
        digest.update(ByteBuffer.allocate(Integer.BYTES).putInt(bytes.length).array());
        digest.update(bytes);
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
