package org.openmark.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.api.StoreException;

/**
 * Deletes every record of a table through the store's own calls: scans it a page at a time from
 * the start and deletes each key found, so that a run after it finds the table empty and loads it
 * again. A record it cannot delete stops it (a store whose deletes fail would be scanned without
 * end). Only for tables openmark loaded itself (a rating's full reload, the second run of
 * {@code txn-overhead}): it works on any store whose scans return keys, and costs a scan and a
 * delete per record.
 */
public final class TableEraser {
    /** Records scanned per call. */
    static final int PAGE = 1000;

    private TableEraser() {
    }

    /**
     * Deletes every record of {@code table}; returns how many it deleted.
     *
     * @throws StoreException when the store cannot scan (its status), or its scans return no keys
     *     (a YCSB binding), so it cannot be told what to delete
     */
    public static long erase(Store store, String table) {
        try (Session s = store.newSession()) {
            List<Record> page = new ArrayList<>();
            String from = "";
            long deleted = 0;
            do {
                page.clear();
                Status st = s.scan(table, from, PAGE, Set.of(), page);
                if (!st.isOk()) {
                    throw new StoreException("the store cannot scan table '" + table + "' (" + st + ")");
                }
                for (Record rec : page) {
                    if (rec.key() == null) {
                        throw new StoreException("the store's scans return no keys (a YCSB binding), so openmark"
                                + " cannot find what to delete");
                    }
                    Status gone = s.delete(table, rec.key());
                    if (!gone.isOk() && gone != Status.NOT_FOUND) {
                        throw new StoreException("the store did not delete record '" + rec.key() + "' of table '"
                                + table + "' (" + gone + ")");
                    }
                    deleted++;
                }
                if (!page.isEmpty()) {
                    // The last key is gone now, so a scan from it starts at the next one. (Not the key
                    // with a NUL appended: PostgreSQL refuses NUL in text.)
                    from = page.get(page.size() - 1).key();
                }
            } while (page.size() == PAGE);
            return deleted;
        }
    }
}
