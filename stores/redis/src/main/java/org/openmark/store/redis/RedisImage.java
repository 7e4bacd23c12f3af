package org.openmark.store.redis;

import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.openmark.api.StoreException;
import org.openmark.api.StoreImage;

/**
 * A saved image of a redis store: every key of its layout (each record's hash and the index)
 * with its DUMP payload, held in this JVM's heap. It costs about the DUMP size
 * of the data (Redis's compact RDB encoding) plus {@value #ENTRY_OVERHEAD_BYTES} bytes per key;
 * {@link #heldBytes()} counts it. Closing it drops the payloads.
 */
final class RedisImage implements StoreImage {
    /** What one key costs besides its name and payload: two array headers and list slots, rounded up. */
    static final int ENTRY_OVERHEAD_BYTES = 64;

    private final Set<String> tables;
    private final String scope;
    private final int keyCount;
    private final long heldBytes;
    private final Consumer<RedisImage> onClose;
    /** {@code null} once closed. */
    private volatile Payloads payloads;

    /** Keys and their DUMP payloads, index by index. */
    record Payloads(List<byte[]> keys, List<byte[]> dumps) {
    }

    /** @param scope what the image covers (its layout's {@link RedisLayout#scope}), for {@link #describe()} */
    RedisImage(Set<String> tables, String scope, Payloads payloads, long heldBytes, Consumer<RedisImage> onClose) {
        this.tables = Set.copyOf(tables);
        this.scope = scope;
        this.payloads = payloads;
        this.keyCount = payloads.keys().size();
        this.heldBytes = heldBytes;
        this.onClose = onClose;
    }

    /** The tables whose keys were saved (none in YCSB's layout, which keeps no tables apart). */
    Set<String> tables() {
        return tables;
    }

    /** The saved keys and payloads; throws when the image is closed. */
    Payloads payloads() {
        Payloads saved = payloads;
        if (saved == null) {
            throw new StoreException("cannot restore " + describe() + ": the image is closed");
        }
        return saved;
    }

    /** The heap the image holds (estimated as above); 0 once closed. */
    long heldBytes() {
        return payloads == null ? 0 : heldBytes;
    }

    @Override
    public String describe() {
        return "redis image of " + keyCount + " keys in " + scope + ", " + heldBytes + " bytes in memory"
                + (payloads == null ? " (closed)" : "");
    }

    @Override
    public void close() {
        payloads = null;
        onClose.accept(this);
    }
}
