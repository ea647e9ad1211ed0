from semsched_state_cache.app import main

main()
