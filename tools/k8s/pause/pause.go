// The pod sandbox's process (issue 37): nothing can be pulled here, not even registry.k8s.io/pause,
// so tools/k8s/up builds this static binary into localhost/taal-pause FROM scratch. Like the
// upstream pause, it sleeps until SIGINT or SIGTERM and reaps the zombies handed to it as PID 1.
package main

import (
	"os"
	"os/signal"
	"syscall"
)

func main() {
	sig := make(chan os.Signal, 4)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM, syscall.SIGCHLD)
	for s := range sig {
		if s == syscall.SIGCHLD {
			for {
				var ws syscall.WaitStatus
				pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
				if pid <= 0 || err != nil {
					break
				}
			}
			continue
		}
		os.Exit(0)
	}
}
