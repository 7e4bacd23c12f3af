package org.openmark.store.ycsb;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;

/**
 * The class loader of one binding: its jars, then YCSB's core; the JDK (the platform class loader)
 * as parent, so none of openmark's libraries is visible. Three packages are openmark's own and come
 * from elsewhere: {@code org.openmark.api} and {@code org.openmark.store.ycsb.spi} from openmark's
 * loader (both sides then share {@code Session}, {@code Status} and {@code BindingSessions}), and the
 * bridge, {@code org.openmark.store.ycsb.bridge}, defined here from openmark's class files so that its
 * references to {@code site.ycsb} resolve against this loader.
 */
final class BindingClassLoader extends URLClassLoader {
    private static final String API = "org.openmark.api.";
    private static final String SPI = "org.openmark.store.ycsb.spi.";
    private static final String BRIDGE = "org.openmark.store.ycsb.bridge.";

    static {
        registerAsParallelCapable();
    }

    private final ClassLoader openmark;

    /**
     * @param entries the binding's entries followed by YCSB's core, in lookup order
     * @param openmark the loader of openmark's own classes (this module's)
     */
    BindingClassLoader(List<Path> entries, ClassLoader openmark) {
        super("openmark-ycsb-binding", urls(entries), ClassLoader.getPlatformClassLoader());
        this.openmark = openmark;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith(API) || name.startsWith(SPI)) {
            return openmark.loadClass(name);
        }
        if (name.startsWith(BRIDGE)) {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    c = defineBridgeClass(name);
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }
        return super.loadClass(name, resolve);
    }

    private Class<?> defineBridgeClass(String name) throws ClassNotFoundException {
        try (InputStream in = openmark.getResourceAsStream(name.replace('.', '/') + ".class")) {
            if (in == null) {
                throw new ClassNotFoundException(name + " (openmark's YCSB bridge is not on openmark's class path)");
            }
            byte[] bytes = in.readAllBytes();
            return defineClass(name, bytes, 0, bytes.length);
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
    }

    private static URL[] urls(List<Path> entries) {
        URL[] urls = new URL[entries.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = entries.get(i).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("not a class path entry: " + entries.get(i), e);
            }
        }
        return urls;
    }
}
