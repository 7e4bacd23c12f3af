package org.openmark.store.ycsb;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import org.openmark.api.StoreException;

/**
 * YCSB's core ({@code site.ycsb:core}: the {@code DB} API and the reference classes such as
 * {@code BasicDB}) and the libraries it declares, shipped inside this module's jar under
 * {@value #DIR} (listed in {@code bundle.properties}, written by the build). A binding's class loader
 * holds them after the binding's own entries. When they are plain files (a build tree) they are used
 * where they are; inside a jar (the runnable {@code openmark.jar}) they are copied once per process to
 * a temporary directory that is deleted when the process exits.
 */
final class BundledYcsb {
    static final String DIR = "META-INF/openmark/ycsb/";
    private static List<Path> jars;
    private static String version;

    private BundledYcsb() {
    }

    /** The version of YCSB's core that openmark ships, e.g. {@code 0.17.0}. */
    static synchronized String version() {
        load();
        return version;
    }

    /** The jars, as files, in the order the bundle lists them (core first). */
    static synchronized List<Path> jars() {
        load();
        return jars;
    }

    private static void load() {
        if (jars != null) {
            return;
        }
        ClassLoader own = BundledYcsb.class.getClassLoader();
        Properties bundle = new Properties();
        try (InputStream in = own.getResourceAsStream(DIR + "bundle.properties")) {
            if (in == null) {
                throw broken(DIR + "bundle.properties is missing");
            }
            bundle.load(in);
        } catch (IOException e) {
            throw broken("cannot read " + DIR + "bundle.properties (" + e.getMessage() + ")");
        }
        List<Path> found = new ArrayList<>();
        Path extracted = null;
        for (String name : bundle.getProperty("jars", "").trim().split("\\s+")) {
            URL url = own.getResource(DIR + "lib/" + name);
            if (url == null) {
                throw broken(DIR + "lib/" + name + " is missing");
            }
            try {
                if ("file".equals(url.getProtocol())) {
                    found.add(Path.of(url.toURI()));
                    continue;
                }
                if (extracted == null) {
                    extracted = Files.createTempDirectory("openmark-ycsb-");
                    extracted.toFile().deleteOnExit(); // registered first, so deleted after its files
                }
                Path target = extracted.resolve(name);
                try (InputStream in = url.openStream()) {
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
                target.toFile().deleteOnExit();
                found.add(target);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot copy openmark's bundled " + name + " to a temporary file: "
                        + e.getMessage(), e);
            } catch (URISyntaxException e) {
                throw broken("cannot read " + url + " (" + e.getMessage() + ")");
            }
        }
        version = bundle.getProperty("version", "?");
        jars = Collections.unmodifiableList(found);
    }

    private static StoreException broken(String what) {
        return new StoreException("openmark's copy of YCSB's core is incomplete (" + what + "): rebuild openmark");
    }
}
