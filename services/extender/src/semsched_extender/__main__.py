from semsched_extender.app import main

main()
