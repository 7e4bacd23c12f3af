package org.openmark.rating;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;

/**
 * When the database is restored between experiments ({@code --reload}): {@code full},
 * {@code repair}, {@code image} (before every experiment but the first), {@code none} (never), or
 * the hybrid {@code none,image-every=K}: no restore, except an image restore before every K-th
 * experiment (experiments K, 2K, … counting the first as 0), which bounds the drift a
 * nearly-stable workload accumulates.
 *
 * @param mode the restore method
 * @param imageEvery K for the hybrid (only with {@link ReloadMode#NONE}); 0 for none
 */
public record ReloadPolicy(ReloadMode mode, int imageEvery) {

    /** The flag the policy comes from. */
    public static final String FLAG = "--reload";
    private static final String FORMS = "must be full, repair, image, none or none,image-every=K (K >= 1)";

    public ReloadPolicy {
        Objects.requireNonNull(mode, "mode");
        if (imageEvery < 0 || (imageEvery > 0 && mode != ReloadMode.NONE)) {
            throw ConfigException.of(FLAG, mode.label() + ",image-every=" + imageEvery, FORMS);
        }
    }

    /** A plain mode. */
    public static ReloadPolicy of(ReloadMode mode) {
        return new ReloadPolicy(mode, 0);
    }

    /** Parses {@code --reload} text. */
    public static ReloadPolicy parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        String[] parts = t.split("\\s*,\\s*");
        List<String> names = Arrays.stream(ReloadMode.values()).map(ReloadMode::label).toList();
        ReloadMode mode = Arrays.stream(ReloadMode.values()).filter(m -> m.label().equals(parts[0])).findFirst()
                .orElseThrow(() -> ConfigException.of(FLAG, String.valueOf(text),
                        FORMS + "; " + Settings.notAllowed(parts[0], names)));
        if (parts.length == 1) {
            return of(mode);
        }
        if (parts.length == 2 && mode == ReloadMode.NONE && parts[1].startsWith("image-every=")) {
            try {
                int k = Integer.parseInt(parts[1].substring("image-every=".length()).trim());
                if (k >= 1) {
                    return new ReloadPolicy(ReloadMode.NONE, k);
                }
            } catch (NumberFormatException e) {
                // reported below
            }
        }
        throw ConfigException.of(FLAG, String.valueOf(text), FORMS);
    }

    /**
     * Refuses a policy that skips restores ({@code none}, hybrid included) for a mix that
     * changes the database, with the reason and the alternatives; other policies always pass.
     */
    public void check(WorkloadMix mix) {
        if (mode != ReloadMode.NONE) {
            return;
        }
        mix.changesDatabase().ifPresent(reason -> {
            throw ConfigException.of(FLAG, toString(), "no restore between experiments is only sound for a"
                    + " workload that leaves the database statistically unchanged (reads, updates, scans,"
                    + " read-modify-writes, or inserts and deletes in equal proportions), but " + reason
                    + "; use --reload repair, image or full");
        });
    }

    /** Whether the database is restored before the experiment at {@code index} (0 = the first). */
    public boolean restoresBefore(int index) {
        if (index <= 0) {
            return false;
        }
        return mode != ReloadMode.NONE || (imageEvery > 0 && index % imageEvery == 0);
    }

    /** How many restores {@code runs} consecutive experiments need (ω). */
    public int restoresFor(int runs) {
        int count = 0;
        for (int i = 0; i < runs; i++) {
            if (restoresBefore(i)) {
                count++;
            }
        }
        return count;
    }

    @Override
    public String toString() {
        return imageEvery > 0 ? "none,image-every=" + imageEvery : mode.label();
    }
}
