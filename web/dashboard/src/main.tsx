import "./styles.css"; document.getElementById("app")!.textContent = "hi";
