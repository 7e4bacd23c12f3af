package org.openmark.cli;

import java.util.concurrent.Callable;
import org.openmark.run.StoreRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code openmark stores}: lists the stores and their properties. */
@Command(name = "stores", mixinStandardHelpOptions = true, description = "List the available stores and their properties.")
final class StoresCommand implements Callable<Integer> {
    @ParentCommand
    OpenmarkCommand parent;

    @Override
    public Integer call() {
        StoreRegistry.discover().all().forEach((name, f) -> {
            parent.out.println(name + ": " + f.description());
            if (!f.propertyNames().isEmpty()) {
                parent.out.println("    properties: " + String.join(", ", new java.util.TreeSet<>(f.propertyNames())));
            }
        });
        return 0;
    }
}
